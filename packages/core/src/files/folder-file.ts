import { readRecord, refuseUnknown } from '../field-readers.js';
import type { EndpointAuth, EndpointScripts } from '../model.js';
import { authOf, MAX_FILE_TEXT, readAuth, readOptionalText, readText } from './file-fields.js';
import { defined, readFileScripts, readSeq, scriptsOf } from './shared-blocks.js';
import { type FileRead, readYamlFile, toYamlText, WHOLE_FILE } from './yaml-text.js';

/** The file of a folder's own settings, in its directory: what the requests inside inherit. */
export const FOLDER_FILE = 'folder.yml';

export interface FolderFile {
  /** Absent: the directory's name is the folder's. */
  name?: string;
  seq?: number;
  description?: string;
  auth?: EndpointAuth;
  scripts?: EndpointScripts;
}

const FIELDS = ['name', 'seq', 'description', 'auth', 'scripts'] as const;

export function folderFileText(folder: FolderFile): string {
  return toYamlText(
    defined({
      name: folder.name,
      seq: folder.seq,
      description: folder.description === '' ? undefined : folder.description,
      auth: folder.auth ? authOf(folder.auth) : undefined,
      scripts: scriptsOf(folder.scripts),
    }),
  );
}

export function readFolderFile(text: string, path: string): FileRead<FolderFile> {
  return readYamlFile(text, path, (value) => {
    const record = readRecord(value ?? {}, WHOLE_FILE);
    refuseUnknown(record, FIELDS, WHOLE_FILE);
    const folder: FolderFile = {};
    if (record.name !== undefined && record.name !== null) folder.name = readText(record.name, 'name');
    const seq = readSeq(record.seq);
    if (seq !== undefined) folder.seq = seq;
    const description = readOptionalText(record.description, 'description', MAX_FILE_TEXT);
    if (description !== undefined) folder.description = description;
    if (record.auth !== undefined && record.auth !== null) folder.auth = readAuth(record.auth, 'auth');
    const scripts = readFileScripts(record.scripts, 'scripts');
    if (scripts) folder.scripts = scripts;
    return folder;
  });
}
