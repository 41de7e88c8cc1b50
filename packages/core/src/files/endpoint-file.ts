import { readAssertions } from '../assertions/read-assertions.js';
import { type ContractMedia, type EndpointContract, readContract } from '../examples/contract.js';
import { readExamples } from '../examples/read-examples.js';
import { invalid, readRecord, refuseUnknown } from '../field-readers.js';
import { readEndpointKind } from '../kinds/endpoint-kind.js';
import {
  isEmptyWebSocketSettings,
  readWebSocketSettings,
  type WebSocketSettings,
} from '../kinds/websocket-settings.js';
import { readMcpSettings } from '../mcp/mcp-settings.js';
import type { McpSettings } from '../mcp/mcp-types.js';
import { ENDPOINT_STATES, type EndpointDraft, type EndpointState } from '../model.js';
import {
  authOf,
  bodyOf,
  MAX_FILE_TEXT,
  readAuth,
  readBody,
  readOptionalText,
  readQuery,
  readRows,
  readText,
  rowsOf,
} from './file-fields.js';
import { defined, readFileScripts, readFileSettings, readSeq, scriptsOf, settingsOf } from './shared-blocks.js';
import { type FileRead, readYamlFile, toYamlText, WHOLE_FILE } from './yaml-text.js';

/** A request's file as read: the endpoint and where it sits among its siblings. */
export interface EndpointFile {
  endpoint: EndpointDraft;
  seq?: number;
}

const FIELDS = [
  'name',
  'seq',
  'kind',
  'method',
  'path',
  'state',
  'description',
  'query',
  'headers',
  'body',
  'auth',
  'settings',
  'scripts',
  'tests',
  'examples',
  'contract',
  'websocket',
  'mcp',
] as const;

/** One request as its file's text: the fields in `FIELDS` order, the optional ones only when they hold something. */
export function endpointFileText(endpoint: EndpointDraft, seq?: number): string {
  return toYamlText(
    defined({
      name: endpoint.name,
      seq,
      kind: endpoint.kind,
      method: endpoint.method,
      path: endpoint.path,
      state: endpoint.state,
      description: endpoint.description === '' ? undefined : endpoint.description,
      query: rowsOf(endpoint.queryParams),
      headers: rowsOf(endpoint.headers),
      body: bodyOf(endpoint.body),
      auth: authOf(endpoint.auth),
      settings: settingsOf(endpoint.settings),
      scripts: scriptsOf(endpoint.scripts),
      tests: endpoint.tests?.length
        ? endpoint.tests.map((row) => ({
            source: row.source,
            property: row.property,
            operator: row.operator,
            value: row.value,
            ...(row.enabled === false ? { enabled: false } : {}),
          }))
        : undefined,
      examples: endpoint.examples?.length
        ? endpoint.examples.map((example) =>
            defined({
              name: example.name,
              status: example.status,
              mockStatus: example.mockStatus,
              delay: example.delay ? { minMs: example.delay.minMs, maxMs: example.delay.maxMs } : undefined,
              headers: rowsOf(example.headers),
              body: example.body,
            }),
          )
        : undefined,
      contract: endpoint.contract ? contractOf(endpoint.contract) : undefined,
      websocket: endpoint.websocket ? websocketOf(endpoint.websocket) : undefined,
      mcp: endpoint.mcp ? mcpOf(endpoint.mcp) : undefined,
    }),
  );
}

/** MCP settings in a fixed key order. */
function mcpOf(settings: McpSettings): Record<string, unknown> {
  if (settings.transport === 'http') return { transport: 'http' };
  return { transport: 'stdio', command: settings.command, args: settings.args, env: rowsOf(settings.env) };
}

/** WebSocket settings in a fixed key order. */
function websocketOf(settings: WebSocketSettings): Record<string, unknown> {
  return defined({
    subprotocols: settings.subprotocols,
    messages: settings.messages?.map((message) => ({ name: message.name, format: message.format, data: message.data })),
  });
}

const mediaOf = (media: ContractMedia) => defined({ mediaType: media.mediaType, schema: media.schema });

/** A contract in a fixed key order (its schemas as they are: their keys are the API description's). */
function contractOf(contract: EndpointContract): Record<string, unknown> {
  return defined({
    parameters: contract.parameters.map((parameter) =>
      defined({ name: parameter.name, in: parameter.in, required: parameter.required, schema: parameter.schema }),
    ),
    requestBody: contract.requestBody
      ? { required: contract.requestBody.required, content: contract.requestBody.content.map(mediaOf) }
      : undefined,
    responses: contract.responses.map((response) =>
      defined({
        status: response.status,
        description: response.description,
        headers: response.headers.map((header) =>
          defined({ name: header.name, required: header.required, schema: header.schema }),
        ),
        content: response.content.map(mediaOf),
      }),
    ),
    defs: contract.defs,
  });
}

function readState(value: unknown): EndpointState {
  if (value === undefined || value === null) return 'Designing';
  const state = ENDPOINT_STATES.find((known) => known === value);
  if (state === undefined) {
    throw invalid(`state ${JSON.stringify(value)} is unknown; use one of ${ENDPOINT_STATES.join(', ')}`);
  }
  return state;
}

/** The file's name without directory and extension: the request's name when the file gives none. */
export function stemOf(path: string): string {
  return (path.split('/').at(-1) ?? path).replace(/\.ya?ml$/i, '');
}

function readEndpoint(value: unknown, path: string): EndpointFile {
  const record = readRecord(value ?? {}, WHOLE_FILE);
  refuseUnknown(record, FIELDS, WHOLE_FILE);
  const method = readText(record.method ?? 'GET', 'method').trim();
  if (method === '' || /\s/.test(method)) throw invalid(`method "${method}" must be one word, like GET or POST`);
  const endpoint: EndpointDraft = {
    name: record.name === undefined ? stemOf(path) : readText(record.name, 'name'),
    method,
    path: readText(record.path ?? '/', 'path', MAX_FILE_TEXT),
    queryParams: readQuery(record.query, 'query'),
    headers: readRows(record.headers, 'headers'),
    body: readBody(record.body, 'body'),
    auth: record.auth === undefined || record.auth === null ? { type: 'inherit' } : readAuth(record.auth, 'auth'),
    state: readState(record.state),
  };
  const settings = readFileSettings(record.settings, 'settings');
  if (settings) endpoint.settings = settings;
  const description = readOptionalText(record.description, 'description', MAX_FILE_TEXT);
  if (description !== undefined) endpoint.description = description;
  const scripts = readFileScripts(record.scripts, 'scripts');
  if (scripts) endpoint.scripts = scripts;
  if (record.tests !== undefined && record.tests !== null) {
    const tests = readAssertions(record.tests, 'tests');
    if (tests.length > 0) endpoint.tests = tests;
  }
  if (record.examples !== undefined && record.examples !== null) {
    const examples = readExamples(record.examples, 'examples');
    if (examples.length > 0) endpoint.examples = examples;
  }
  if (record.contract !== undefined && record.contract !== null) {
    endpoint.contract = readContract(record.contract, 'contract');
  }
  const kind = readEndpointKind(record.kind, 'kind');
  if (kind !== undefined) endpoint.kind = kind;
  if (record.websocket !== undefined && record.websocket !== null) {
    const websocket = readWebSocketSettings(record.websocket, 'websocket');
    if (!isEmptyWebSocketSettings(websocket)) endpoint.websocket = websocket;
  }
  if (record.mcp !== undefined && record.mcp !== null) endpoint.mcp = readMcpSettings(record.mcp, 'mcp');
  const seq = readSeq(record.seq);
  return seq === undefined ? { endpoint } : { endpoint, seq };
}

/** A request's file read on its own (`path` relative to the linked folder: it names the problem, and the request when the file does not). */
export function readEndpointFile(text: string, path: string): FileRead<EndpointFile> {
  return readYamlFile(text, path, (value) => readEndpoint(value, path));
}
