import type { Endpoint, EndpointAuth, EndpointBody, EndpointScripts } from '../model.js';
import { BASE_URL_VARIABLE } from '../model.js';
import { isEnabled } from '../request/enabled-rows.js';
import { isOwnUrl } from '../url/endpoint-url.js';
import { joinQuery } from '../url/split-url.js';
import {
  type ExportResult,
  exportedAuth,
  exportedHeaders,
  type ProjectSnapshot,
  type SnapshotFolder,
} from './export-snapshot.js';
import { ASSERTIONS_SCRIPT_NAME, assertionsScript } from './postman-assertions.js';
import { postmanResponses } from './postman-examples.js';

const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** A row as Postman writes it: a switched-off one is `disabled: true`. */
const postmanRow = (row: { key: string; value: string; enabled?: boolean }) => ({
  key: row.key,
  value: row.value,
  ...(isEnabled(row) ? {} : { disabled: true }),
});

const attributes = (values: Record<string, string>) =>
  Object.entries(values).map(([key, value]) => ({ key, value, type: 'string' }));

/** Postman's auth of a request; none for one that inherits, which Postman reads as "inherit from parent". */
function postmanAuth(auth: EndpointAuth): Record<string, unknown> | undefined {
  switch (auth.type) {
    case 'inherit':
      return undefined;
    case 'none':
      return { type: 'noauth' };
    case 'basic':
    case 'digest':
      return { type: auth.type, [auth.type]: attributes({ username: auth.username, password: auth.password }) };
    case 'bearer':
      return { type: 'bearer', bearer: attributes({ token: auth.token }) };
    case 'apiKey':
      return { type: 'apikey', apikey: attributes({ key: auth.key, value: auth.value, in: auth.in }) };
    case 'oauth2':
      return {
        type: 'oauth2',
        oauth2: attributes({
          ...(auth.grant === 'authorizationCode'
            ? { grant_type: 'authorization_code_with_pkce', authUrl: auth.authorizationUrl }
            : { grant_type: 'client_credentials' }),
          accessTokenUrl: auth.tokenUrl,
          clientId: auth.clientId,
          clientSecret: auth.clientSecret,
          scope: auth.scope,
        }),
      };
    case 'awsSigV4':
      return {
        type: 'awsv4',
        awsv4: attributes({
          accessKey: auth.accessKeyId,
          secretKey: auth.secretAccessKey,
          sessionToken: auth.sessionToken,
          region: auth.region,
          service: auth.service,
        }),
      };
  }
}

function postmanBody(body: EndpointBody): Record<string, unknown> | undefined {
  switch (body.mode) {
    case 'none':
      return undefined;
    case 'json':
      return { mode: 'raw', raw: body.text, options: { raw: { language: 'json' } } };
    case 'text':
      return { mode: 'raw', raw: body.text };
    case 'urlencoded':
      return { mode: 'urlencoded', urlencoded: body.fields.map(postmanRow) };
    case 'multipart':
      return {
        mode: 'formdata',
        formdata: body.parts.map((part) => ({
          ...(part.file === undefined
            ? { key: part.name, value: part.value ?? '', type: 'text' }
            : { key: part.name, src: part.file, type: 'file' }),
          ...(isEnabled(part) ? {} : { disabled: true }),
        })),
      };
    case 'file':
      return { mode: 'file', file: { src: body.path } };
    // Postman's GraphQL body has no operation name: the server runs the query's only operation.
    case 'graphql':
      return { mode: 'graphql', graphql: { query: body.query, variables: body.variables } };
  }
}

/**
 * A URL's parts as Postman writes them beside `raw`: newman (postman-collection) sends what the parts say and
 * ignores `raw`, so a URL without them is sent nowhere.
 */
function urlParts(raw: string): Record<string, unknown> {
  const address = raw.split(/[?#]/, 1)[0] ?? '';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(address);
  const rest = scheme === null ? address : address.slice(scheme[0].length);
  const slash = rest.indexOf('/');
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  const port = /:(\d+|\{\{[^{}]+\}\})$/.exec(authority);
  const host = port === null ? authority : authority.slice(0, -port[0].length);
  return {
    ...(scheme === null ? {} : { protocol: scheme[1] }),
    host: host.startsWith('{{') ? [host] : host.split('.'),
    ...(port === null ? {} : { port: port[1] }),
    path: slash === -1 ? [] : rest.slice(slash + 1).split('/'),
  };
}

function postmanUrl(endpoint: Endpoint): Record<string, unknown> {
  const base = isOwnUrl(endpoint.path) ? '' : `{{${BASE_URL_VARIABLE}}}`;
  // Postman's raw URL holds the params that are on; the switched-off ones are only in the list.
  const query = joinQuery(endpoint.queryParams.filter(isEnabled));
  const raw = `${base}${endpoint.path}${query === '' ? '' : `?${query}`}`;
  return {
    raw,
    ...urlParts(raw),
    ...(endpoint.queryParams.length > 0 ? { query: endpoint.queryParams.map(postmanRow) } : {}),
  };
}

const scriptEvent = (listen: 'prerequest' | 'test', text: string) => ({
  listen,
  script: { type: 'text/javascript', exec: text.split('\n') },
});

const SCRIPT_APIS: Record<Exclude<EndpointScripts['from'], 'postman'>, string> = {
  bruno: 'Bruno (bru.*, res.*)',
  insomnia: 'Insomnia (insomnia.*)',
};

/**
 * Scripts (of a request, a folder or the collection) as Postman events: the post-response script and the tests
 * both run after the response, as Postman's test script.
 */
function postmanEvents(scripts: EndpointScripts | undefined, name: string, warnings: string[]): unknown[] {
  if (scripts === undefined) return [];
  if (scripts.from !== 'postman') {
    warnings.push(
      `${name}: its scripts were written for ${SCRIPT_APIS[scripts.from]} and need rewriting to run in Postman`,
    );
  }
  const test = [scripts.postResponse, scripts.tests].filter((text) => text.trim() !== '').join('\n\n');
  return [
    ...(scripts.preRequest.trim() === '' ? [] : [scriptEvent('prerequest', scripts.preRequest)]),
    ...(test === '' ? [] : [scriptEvent('test', test)]),
  ];
}

/** An item's `event` field, left out when there are none. */
const eventsField = (events: unknown[]) => (events.length === 0 ? {} : { event: events });

/** The assertion rows as a test script of their own that Postman and newman run, and a re-import reads back. */
function assertionsEvent(endpoint: Endpoint): unknown[] {
  if (endpoint.tests === undefined || endpoint.tests.length === 0) return [];
  return [
    {
      listen: 'test',
      script: { type: 'text/javascript', name: ASSERTIONS_SCRIPT_NAME, exec: assertionsScript(endpoint.tests) },
    },
  ];
}

function postmanItem(endpoint: Endpoint, warnings: string[]): Record<string, unknown> {
  const body = postmanBody(endpoint.body);
  const events = [...postmanEvents(endpoint.scripts, endpoint.name, warnings), ...assertionsEvent(endpoint)];
  const auth = postmanAuth(exportedAuth(endpoint.auth, warnings));
  const request = {
    method: endpoint.method,
    header: exportedHeaders(endpoint.headers, warnings).map(postmanRow),
    ...(body === undefined ? {} : { body }),
    url: postmanUrl(endpoint),
    ...(auth === undefined ? {} : { auth }),
    ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
  };
  const examples = endpoint.examples ?? [];
  return {
    name: endpoint.name,
    ...eventsField(events),
    request,
    ...(examples.length === 0 ? {} : { response: postmanResponses(examples, request) }),
  };
}

/** Children of a folder; at the top, also folders whose parent is not exported (the folder a folder export starts at). */
function itemsUnder(parentId: string | null, snapshot: ProjectSnapshot, warnings: string[]): unknown[] {
  const ids = new Set(snapshot.folders.map((folder) => folder.id));
  const folders = snapshot.folders.filter(
    (folder: SnapshotFolder) =>
      folder.parentId === parentId || (parentId === null && folder.parentId !== null && !ids.has(folder.parentId)),
  );
  const endpoints = snapshot.endpoints.filter((endpoint) => endpoint.folderId === parentId);
  return [
    ...folders.map((folder) => ({
      name: folder.name,
      ...(folder.description === undefined ? {} : { description: folder.description }),
      ...eventsField(postmanEvents(folder.scripts, folder.name, warnings)),
      item: itemsUnder(folder.id, snapshot, warnings),
    })),
    ...endpoints.map((endpoint) => postmanItem(endpoint, warnings)),
  ];
}

/** A project (or one folder of it) as a Postman Collection v2.1, secrets left as `{{variables}}`. */
export function exportPostman(snapshot: ProjectSnapshot): ExportResult {
  const warnings: string[] = [];
  return {
    document: {
      info: { name: snapshot.name, description: snapshot.description, schema: POSTMAN_SCHEMA },
      ...eventsField(postmanEvents(snapshot.scripts, snapshot.name, warnings)),
      item: itemsUnder(null, snapshot, warnings),
      variable: snapshot.variables.map((variable) => ({ ...postmanRow(variable), type: 'string' })),
    },
    warnings,
  };
}
