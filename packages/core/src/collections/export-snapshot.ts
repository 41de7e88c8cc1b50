import { isSecretName } from '../listing/secret-rules.js';
import type { Endpoint, EndpointAuth, EndpointScripts, Folder, KeyValue } from '../model.js';
import { BASE_URL_VARIABLE } from '../model.js';

/** A folder as an export reads it: with the scripts it runs around the requests in it, when it has any. */
export interface SnapshotFolder extends Folder {
  scripts?: EndpointScripts;
}

/** What an export reads of a project: the store gives it, the exporters turn it into a document. */
export interface ProjectSnapshot {
  name: string;
  description: string;
  variables: KeyValue[];
  /** The scripts the project runs around every request; absent when it has none. */
  scripts?: EndpointScripts;
  folders: SnapshotFolder[];
  endpoints: Endpoint[];
}

export interface ExportResult {
  document: Record<string, unknown>;
  warnings: string[];
}

export function baseUrlOf(snapshot: ProjectSnapshot): string | undefined {
  return snapshot.variables.find((variable) => variable.key === BASE_URL_VARIABLE)?.value;
}

/** Names of a folder and its parents, from the root down. */
export function folderPath(folders: readonly Folder[], folderId: string | null): string[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: string[] = [];
  const seen = new Set<string>();
  for (let id = folderId; id !== null && !seen.has(id); ) {
    seen.add(id);
    const folder = byId.get(id);
    if (folder === undefined) break;
    path.unshift(folder.name);
    id = folder.parentId;
  }
  return path;
}

/** Only the endpoints (and folders) at or below `folderId`: the export of one folder. */
export function snapshotOfFolder(snapshot: ProjectSnapshot, folderId: string): ProjectSnapshot {
  const inside = new Set<string>([folderId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const folder of snapshot.folders) {
      if (folder.parentId !== null && inside.has(folder.parentId) && !inside.has(folder.id)) {
        inside.add(folder.id);
        grew = true;
      }
    }
  }
  return {
    ...snapshot,
    folders: snapshot.folders.filter((folder) => inside.has(folder.id)),
    endpoints: snapshot.endpoints.filter((endpoint) => endpoint.folderId !== null && inside.has(endpoint.folderId)),
  };
}

const TEMPLATE_ONLY = /\{\{[^{}]+\}\}/;

/** A secret written as a literal becomes `{{name}}`: exports never carry secrets, only where they go. */
function secretAsVariable(value: string, name: string, warnings: string[]): string {
  if (value === '' || TEMPLATE_ONLY.test(value)) return value;
  const note = `a secret value was replaced by {{${name}}}; set ${name} where the file is used`;
  if (!warnings.includes(note)) warnings.push(note);
  return `{{${name}}}`;
}

export function exportedHeaders(headers: readonly KeyValue[], warnings: string[]): KeyValue[] {
  return headers.map((header) =>
    isSecretName(header.key)
      ? {
          ...header,
          value: secretAsVariable(header.value, header.key.toLowerCase().replace(/[^a-z0-9]+/g, '_'), warnings),
        }
      : header,
  );
}

/** An endpoint's auth with its secrets as `{{variables}}`. */
export function exportedAuth(auth: EndpointAuth, warnings: string[]): EndpointAuth {
  switch (auth.type) {
    case 'basic':
    case 'digest':
      return { ...auth, password: secretAsVariable(auth.password, 'password', warnings) };
    case 'bearer':
      return { type: 'bearer', token: secretAsVariable(auth.token, 'token', warnings) };
    case 'apiKey':
      return { ...auth, value: secretAsVariable(auth.value, 'apiKey', warnings) };
    case 'oauth2':
      return { ...auth, clientSecret: secretAsVariable(auth.clientSecret, 'clientSecret', warnings) };
    case 'awsSigV4':
      return {
        ...auth,
        secretAccessKey: secretAsVariable(auth.secretAccessKey, 'awsSecretAccessKey', warnings),
        sessionToken: secretAsVariable(auth.sessionToken, 'awsSessionToken', warnings),
      };
    default:
      return auth;
  }
}
