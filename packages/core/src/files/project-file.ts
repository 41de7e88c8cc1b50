import { describeType, invalid, readRecord, refuseUnknown } from '../field-readers.js';
import type { EndpointAuth, EndpointScripts, KeyValue } from '../model.js';
import type { RequestSettingsOverride } from '../request/request-settings.js';
import { authOf, MAX_FILE_TEXT, readAuth, readRows, readText, rowsOf } from './file-fields.js';
import { defined, readFileScripts, readFileSettings, scriptsOf, settingsOf } from './shared-blocks.js';
import { type FileRead, readYamlFile, toYamlText, WHOLE_FILE } from './yaml-text.js';

/** The project's own file at the folder's root: it marks the folder as a Client project. */
export const PROJECT_FILE = 'client-project.yml';
/** The format this code writes; a file of a later one is refused rather than misread. */
export const FORMAT_VERSION = 1;

export interface ProjectFile {
  name: string;
  description: string;
  requestSettings: RequestSettingsOverride;
  auth?: EndpointAuth;
  scripts?: EndpointScripts;
  variables: KeyValue[];
}

const FIELDS = ['format', 'name', 'description', 'settings', 'auth', 'scripts', 'variables'] as const;

export function projectFileText(project: ProjectFile): string {
  return toYamlText(
    defined({
      format: FORMAT_VERSION,
      name: project.name,
      description: project.description === '' ? undefined : project.description,
      settings: settingsOf(project.requestSettings),
      auth: project.auth ? authOf(project.auth) : undefined,
      scripts: scriptsOf(project.scripts),
      variables: rowsOf(project.variables),
    }),
  );
}

export function readProjectFile(text: string, path: string): FileRead<ProjectFile> {
  return readYamlFile(text, path, (value) => {
    const record = readRecord(value ?? {}, WHOLE_FILE);
    refuseUnknown(record, FIELDS, WHOLE_FILE);
    if (record.format !== undefined && record.format !== FORMAT_VERSION) {
      throw invalid(
        `format ${JSON.stringify(record.format) ?? describeType(record.format)} is not one this version reads (${FORMAT_VERSION}); update Client`,
      );
    }
    const project: ProjectFile = {
      name: readText(record.name, 'name'),
      description: readText(record.description, 'description', MAX_FILE_TEXT),
      requestSettings: readFileSettings(record.settings, 'settings') ?? {},
      variables: readRows(record.variables, 'variables'),
    };
    if (record.auth !== undefined && record.auth !== null) project.auth = readAuth(record.auth, 'auth');
    const scripts = readFileScripts(record.scripts, 'scripts');
    if (scripts) project.scripts = scripts;
    return project;
  });
}
