import { invalid, readRecord, readString, refuseUnknown } from '../field-readers.js';
import type { EndpointScripts } from '../model.js';

/** Longer scripts than this are refused: they would slow every read of the project down. */
export const MAX_SCRIPT_LENGTH = 1024 * 1024;

const FROM = ['postman', 'bruno', 'insomnia'] as const;
const FIELDS = ['from', 'preRequest', 'postResponse', 'tests'];

/**
 * The scripts of the project or of one folder, in the order a request under them runs them: the project first,
 * then each folder from the outermost in. The endpoint's own come after these.
 */
export interface ScriptLevel {
  kind: 'project' | 'folder';
  id: string;
  name: string;
  scripts: EndpointScripts;
}

/** Whether the scripts hold nothing to run: such scripts are stored as none. */
export function isEmptyScripts(scripts: EndpointScripts): boolean {
  return scripts.preRequest.trim() === '' && scripts.postResponse.trim() === '' && scripts.tests.trim() === '';
}

/**
 * An endpoint's, a folder's or the project's scripts as they arrive, checked field by field (a missing script is
 * ''); `where` names them in messages. Throws a VALIDATION AppError.
 */
export function readScripts(value: unknown, where: string): EndpointScripts {
  const scripts = readRecord(value, where);
  refuseUnknown(scripts, FIELDS, where);
  const from = FROM.find((known) => known === scripts.from);
  if (from === undefined) throw invalid(`${where}.from must be one of ${FROM.map((name) => `"${name}"`).join(', ')}`);
  return {
    from,
    preRequest: readString(scripts.preRequest ?? '', `${where}.preRequest`, MAX_SCRIPT_LENGTH),
    postResponse: readString(scripts.postResponse ?? '', `${where}.postResponse`, MAX_SCRIPT_LENGTH),
    tests: readString(scripts.tests ?? '', `${where}.tests`, MAX_SCRIPT_LENGTH),
  };
}
