import {
  ENDPOINT_STATES,
  type EndpointAuth,
  type EndpointBody,
  type EndpointContract,
  type EndpointDraft,
  type EndpointKind,
  type EndpointScripts,
  type EndpointState,
  isEmptyWebSocketSettings,
  isOwnUrl,
  type KeyValue,
  type McpSettings,
  type MultipartPart,
  type QueryParam,
  readAssertions,
  readContract,
  readEndpointKind,
  readExamples,
  readMcpSettings,
  readRequestSettings,
  readScripts,
  readWebSocketSettings,
  splitUrl,
  startsWithVariable,
  type WebSocketSettings,
} from '@client/core';
import { describeType, invalid, readEnabled, readName, readObject, readText } from './field-validation.js';

/** An HTTP method is an RFC 9110 token; kept upper-case, as the cURL parser gives it. */
const METHOD_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/;

function readMethod(value: unknown): string {
  const method = readText(value, 'method');
  if (!METHOD_TOKEN.test(method)) {
    throw invalid(`method "${method}" is not an HTTP method; use one like GET, POST or PUT (letters, at most 32)`);
  }
  return method.toUpperCase();
}

/**
 * A path after `{{base_url}}`, a whole http(s) URL of the endpoint's own, or a path that starts with a variable
 * (which may hold a whole URL, then sent without base_url); the query lives in queryParams.
 */
function readPath(value: unknown): string {
  const path = readText(value, 'path');
  if (/[?#]/.test(path)) throw invalid(`path "${path}" must not hold ? or #; put the query in queryParams`);
  if (isOwnUrl(path)) {
    // splitUrl refuses what is not a URL (no host, a space in it) with a VALIDATION message.
    splitUrl(path);
    return path;
  }
  if (!path.startsWith('/') && !startsWithVariable(path)) {
    throw invalid(
      `path "${path}" must start with / (it follows {{base_url}}), with a {{variable}}, or be a whole http(s) URL`,
    );
  }
  return path;
}

function readArray(value: unknown, label: string): unknown[] {
  if (!Array.isArray(value)) throw invalid(`${label} must be an array, not ${describeType(value)}`);
  return value;
}

function readKeyValues(value: unknown, label: string): KeyValue[] {
  return readArray(value, label).map((item, index) => {
    const pair = readObject(item, `${label}[${index}]`);
    return {
      key: readText(pair.key, `${label}[${index}].key`),
      value: readText(pair.value, `${label}[${index}].value`),
      ...readEnabled(pair.enabled, `${label}[${index}].enabled`),
    };
  });
}

/** Query params: pairs that may also say that an empty value was written `name=` (`equals`). */
function readQueryParams(value: unknown): QueryParam[] {
  return readKeyValues(value, 'queryParams').map((pair, index) => {
    const { equals } = (value as Record<string, unknown>[])[index] ?? {};
    if (equals !== undefined && typeof equals !== 'boolean') {
      throw invalid(`queryParams[${index}].equals must be true or false, not ${describeType(equals)}`);
    }
    // Only an empty value can lose its `=`; the flag is kept where it says something.
    return equals === true && pair.value === '' ? { ...pair, equals } : pair;
  });
}

function readParts(value: unknown): MultipartPart[] {
  return readArray(value, 'body.parts').map((item, index) => {
    const label = `body.parts[${index}]`;
    const input = readObject(item, label);
    const part: MultipartPart = { name: readText(input.name, `${label}.name`) };
    for (const field of ['value', 'file', 'contentType'] as const) {
      if (input[field] !== undefined) part[field] = readText(input[field], `${label}.${field}`);
    }
    return { ...part, ...readEnabled(input.enabled, `${label}.enabled`) };
  });
}

function readBody(value: unknown): EndpointBody {
  const body = readObject(value, 'body');
  switch (body.mode) {
    case 'none':
      return { mode: 'none' };
    case 'json':
    case 'text':
      return { mode: body.mode, text: readText(body.text, 'body.text') };
    case 'urlencoded':
      return { mode: 'urlencoded', fields: readKeyValues(body.fields, 'body.fields') };
    case 'multipart':
      return { mode: 'multipart', parts: readParts(body.parts) };
    case 'file':
      return { mode: 'file', path: readText(body.path, 'body.path') };
    case 'graphql':
      return {
        mode: 'graphql',
        query: readText(body.query, 'body.query'),
        variables: readText(body.variables ?? '', 'body.variables'),
        ...(body.operationName === undefined
          ? {}
          : { operationName: readText(body.operationName, 'body.operationName') }),
      };
    default:
      throw invalid(`body.mode must be one of none, json, text, urlencoded, multipart, file, graphql`);
  }
}

function readOAuth2(auth: Record<string, unknown>): EndpointAuth {
  const common = {
    tokenUrl: readText(auth.tokenUrl, 'auth.tokenUrl'),
    clientId: readText(auth.clientId, 'auth.clientId'),
    clientSecret: readText(auth.clientSecret ?? '', 'auth.clientSecret'),
    scope: readText(auth.scope ?? '', 'auth.scope'),
  };
  switch (auth.grant) {
    case undefined:
    case 'clientCredentials':
      return { type: 'oauth2', ...common };
    case 'authorizationCode':
      return {
        type: 'oauth2',
        grant: 'authorizationCode',
        authorizationUrl: readText(auth.authorizationUrl, 'auth.authorizationUrl'),
        ...common,
      };
    default:
      throw invalid('auth.grant must be "clientCredentials" or "authorizationCode"');
  }
}

/** An endpoint's, a folder's or a project's auth, checked field by field. */
export function readAuth(value: unknown): EndpointAuth {
  const auth = readObject(value, 'auth');
  switch (auth.type) {
    case 'none':
      return { type: 'none' };
    case 'inherit':
      return { type: 'inherit' };
    case 'basic':
    case 'digest':
      return {
        type: auth.type,
        username: readText(auth.username, 'auth.username'),
        password: readText(auth.password, 'auth.password'),
      };
    case 'bearer':
      return { type: 'bearer', token: readText(auth.token, 'auth.token') };
    case 'apiKey': {
      if (auth.in !== 'header' && auth.in !== 'query') throw invalid('auth.in must be "header" or "query"');
      return {
        type: 'apiKey',
        key: readText(auth.key, 'auth.key'),
        value: readText(auth.value, 'auth.value'),
        in: auth.in,
      };
    }
    case 'oauth2':
      return readOAuth2(auth);
    case 'awsSigV4':
      return {
        type: 'awsSigV4',
        accessKeyId: readText(auth.accessKeyId, 'auth.accessKeyId'),
        secretAccessKey: readText(auth.secretAccessKey, 'auth.secretAccessKey'),
        sessionToken: readText(auth.sessionToken ?? '', 'auth.sessionToken'),
        region: readText(auth.region, 'auth.region'),
        service: readText(auth.service, 'auth.service'),
      };
    default:
      throw invalid('auth.type must be one of none, inherit, basic, digest, bearer, apiKey, oauth2, awsSigV4');
  }
}

function readState(value: unknown): EndpointState {
  const state = ENDPOINT_STATES.find((known) => known === value);
  if (state === undefined) {
    throw invalid(`state ${JSON.stringify(value) ?? 'undefined'} is unknown; use one of ${ENDPOINT_STATES.join(', ')}`);
  }
  return state;
}

/** Longer documentation than this is refused: it would slow every listing of the project down. */
const MAX_DOC_LENGTH = 1024 * 1024;

function readLongText(value: unknown, label: string): string {
  const text = readText(value, label);
  if (text.length > MAX_DOC_LENGTH) {
    throw invalid(`${label} is ${text.length} characters long; use at most ${MAX_DOC_LENGTH}`);
  }
  return text;
}

/**
 * An endpoint's fields as an update reads them: `scripts: null` removes its scripts, `tests: null` its rows,
 * `examples: null` its examples, `contract: null` its contract, `kind: null` (or `http`) makes it an HTTP request
 * again, `websocket: null` removes its WebSocket settings and `mcp: null` its MCP settings.
 */
export type EndpointChanges = Omit<Partial<EndpointDraft>, 'scripts' | 'contract' | 'kind' | 'websocket' | 'mcp'> & {
  scripts?: EndpointScripts | null;
  contract?: EndpointContract | null;
  kind?: EndpointKind | null;
  websocket?: WebSocketSettings | null;
  mcp?: McpSettings | null;
};

function readWebSocket(value: unknown): WebSocketSettings | null {
  if (value === null) return null;
  const settings = readWebSocketSettings(value, 'websocket');
  return isEmptyWebSocketSettings(settings) ? null : settings;
}

/**
 * Reads the fields of an endpoint that are present (an update's patch), checking each one's shape and
 * keeping only what the model knows, so nothing unexpected reaches a JSON column.
 */
export function readEndpointFields(value: unknown): EndpointChanges {
  const input = readObject(value, 'the endpoint');
  const fields: EndpointChanges = {};
  if (input.name !== undefined) fields.name = readName(input.name, 'name');
  if (input.method !== undefined) fields.method = readMethod(input.method);
  if (input.path !== undefined) fields.path = readPath(input.path);
  if (input.queryParams !== undefined) fields.queryParams = readQueryParams(input.queryParams);
  if (input.headers !== undefined) fields.headers = readKeyValues(input.headers, 'headers');
  if (input.body !== undefined) fields.body = readBody(input.body);
  if (input.auth !== undefined) fields.auth = readAuth(input.auth);
  if (input.state !== undefined) fields.state = readState(input.state);
  if (input.settings !== undefined) fields.settings = readRequestSettings(input.settings, 'settings');
  if (input.description !== undefined) fields.description = readLongText(input.description, 'description');
  if (input.scripts !== undefined)
    fields.scripts = input.scripts === null ? null : readScripts(input.scripts, 'scripts');
  if (input.tests !== undefined) fields.tests = input.tests === null ? [] : readAssertions(input.tests, 'tests');
  if (input.examples !== undefined) {
    fields.examples = input.examples === null ? [] : readExamples(input.examples, 'examples');
  }
  if (input.contract !== undefined) {
    fields.contract = input.contract === null ? null : readContract(input.contract, 'contract');
  }
  if (input.kind !== undefined) fields.kind = readEndpointKind(input.kind, 'kind') ?? null;
  if (input.websocket !== undefined) fields.websocket = readWebSocket(input.websocket);
  if (input.mcp !== undefined) fields.mcp = input.mcp === null ? null : readMcpSettings(input.mcp, 'mcp');
  return fields;
}

/** What a new endpoint needs: a name; everything else defaults to an empty GET of `/` in state Designing. */
export type NewEndpoint = Pick<EndpointDraft, 'name'> & Partial<EndpointDraft>;

export function readEndpointDraft(value: unknown): EndpointDraft {
  const fields = readEndpointFields(value);
  if (fields.name === undefined) throw invalid('name is required for a new endpoint');
  return {
    name: fields.name,
    method: fields.method ?? 'GET',
    path: fields.path ?? '/',
    queryParams: fields.queryParams ?? [],
    headers: fields.headers ?? [],
    body: fields.body ?? { mode: 'none' },
    // A new endpoint takes the auth of its folder or project unless it says otherwise.
    auth: fields.auth ?? { type: 'inherit' },
    state: fields.state ?? 'Designing',
    ...(fields.settings === undefined ? {} : { settings: fields.settings }),
    ...(fields.description === undefined ? {} : { description: fields.description }),
    ...(fields.scripts === undefined || fields.scripts === null ? {} : { scripts: fields.scripts }),
    ...(fields.tests === undefined ? {} : { tests: fields.tests }),
    ...(fields.examples === undefined ? {} : { examples: fields.examples }),
    ...(fields.contract === undefined || fields.contract === null ? {} : { contract: fields.contract }),
    ...(fields.kind === undefined || fields.kind === null ? {} : { kind: fields.kind }),
    ...(fields.websocket === undefined || fields.websocket === null ? {} : { websocket: fields.websocket }),
    ...(fields.mcp === undefined || fields.mcp === null ? {} : { mcp: fields.mcp }),
  };
}
