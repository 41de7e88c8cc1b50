import { describeType, invalid, readList, readRecord, refuseUnknown } from '../field-readers.js';
import { readEnabled, readText } from './file-fields.js';
import type { TreeVariable } from './project-tree.js';
import { defined, readSeq } from './shared-blocks.js';
import { type FileRead, readYamlFile, toYamlText, WHOLE_FILE } from './yaml-text.js';

/** Where environments live, one file each; a folder of requests cannot take this name at the root. */
export const ENVIRONMENTS_DIRECTORY = 'environments';

export interface EnvironmentFile {
  /** Absent: the file's name is the environment's. */
  name?: string;
  seq?: number;
  variables: TreeVariable[];
}

const FIELDS = ['name', 'seq', 'variables'] as const;
const VARIABLE_FIELDS = ['key', 'value', 'secret', 'enabled', 'allowedHosts'] as const;

/** An environment's file. A secret variable is written as `secret: true` with no value, whatever the tree holds. */
export function environmentFileText(environment: EnvironmentFile): string {
  return toYamlText(
    defined({
      name: environment.name,
      seq: environment.seq,
      variables: environment.variables.map((variable) =>
        defined({
          key: variable.key,
          value: variable.secret ? undefined : variable.value,
          secret: variable.secret ? true : undefined,
          enabled: variable.enabled === false ? false : undefined,
          allowedHosts: variable.allowedHosts,
        }),
      ),
    }),
  );
}

function readVariable(value: unknown, label: string): TreeVariable {
  const row = readRecord(value, label);
  refuseUnknown(row, VARIABLE_FIELDS, label);
  const secret = row.secret === true;
  if (row.secret !== undefined && row.secret !== null && typeof row.secret !== 'boolean') {
    throw invalid(`${label}.secret must be true or false, not ${describeType(row.secret)}`);
  }
  if (secret && row.value !== undefined && row.value !== null && row.value !== '') {
    throw invalid(
      `${label}.value must not be in the file: a secret's value stays in the app's encrypted store; remove the value and set it in the app`,
    );
  }
  const variable: TreeVariable = {
    key: readText(row.key, `${label}.key`),
    value: secret ? '' : readText(row.value, `${label}.value`),
    secret,
    ...readEnabled(row.enabled, `${label}.enabled`),
  };
  if (row.allowedHosts !== undefined && row.allowedHosts !== null) {
    variable.allowedHosts = readList(row.allowedHosts, `${label}.allowedHosts`).map((host, index) =>
      readText(host, `${label}.allowedHosts[${index}]`),
    );
  }
  return variable;
}

export function readEnvironmentFile(text: string, path: string): FileRead<EnvironmentFile> {
  return readYamlFile(text, path, (value) => {
    const record = readRecord(value ?? {}, WHOLE_FILE);
    refuseUnknown(record, FIELDS, WHOLE_FILE);
    const variables = record.variables === undefined || record.variables === null ? [] : record.variables;
    const environment: EnvironmentFile = {
      variables: readList(variables, 'variables').map((row, index) => readVariable(row, `variables[${index}]`)),
    };
    if (record.name !== undefined && record.name !== null) environment.name = readText(record.name, 'name');
    const seq = readSeq(record.seq);
    if (seq !== undefined) environment.seq = seq;
    return environment;
  });
}
