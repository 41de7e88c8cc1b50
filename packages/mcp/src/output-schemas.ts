import * as z from 'zod/mini';
import { once } from './once.js';

/*
 * The shapes the control plane answers with (`ImportResult`, `ProjectListing`, `EndpointListing` of @client/core).
 * Records are loose: the control plane may add fields within a major version, and an older client-mcp must pass
 * them on rather than fail its own output check. zod/mini, not zod: client-mcp starts for every agent session, and
 * the mini build is a tenth of the code to load. Each schema is made when first used: making one costs tens of
 * microseconds, and the first call of a session needs only its own tool's.
 */

const int = () => z.number().check(z.int());

const keyValue = once(() =>
  z.looseObject({
    key: z.string(),
    value: z.string(),
    enabled: z
      .optional(z.boolean())
      .check(z.describe('false: the person switched this row off; it is kept but not sent')),
  }),
);

const endpointState = once(() =>
  z
    .string()
    .check(z.describe('Lifecycle state: Designing (every import), Developing, Testing, Released or Deprecated')),
);

/** An assertion row as save_curl takes it (list_endpoints shows the same, read loosely). */
export const assertionRowSchema = once(() =>
  z.looseObject({
    source: z
      .enum(['status', 'header', 'jsonpath', 'responseTime', 'size', 'body'])
      .check(
        z.describe('What is checked: the status, a header, the JSON body at a JSONPath, the time, the size, the body'),
      ),
    property: z
      .optional(z.string())
      .check(z.describe('The header name for header, a JSONPath starting with $ for jsonpath; empty otherwise')),
    operator: z.enum(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'matches', 'exists', 'isType', 'length']),
    value: z
      .optional(z.union([z.string(), z.number(), z.boolean()]))
      .check(
        z.describe(
          'What the actual value is compared with ({{variables}} allowed); none for exists, a JSON type name for isType',
        ),
      ),
    enabled: z.optional(z.boolean()).check(z.describe('false keeps the row without checking it')),
  }),
);

export const importResultSchema = once(() =>
  z.looseObject({
    endpointId: z.string().check(z.describe('Id of the endpoint just created')),
    projectId: z.string().check(z.describe('Project it was saved in')),
    folderId: z.nullable(z.string()).check(z.describe('Folder it was saved in; null for the project root')),
    name: z.string(),
    method: z.string(),
    baseUrl: z
      .nullable(z.string())
      .check(z.describe("The project's base_url variable: the endpoint is sent to baseUrl + path + query")),
    path: z.string(),
    queryParams: z.array(keyValue()),
    state: endpointState(),
    warning: z
      .optional(z.string())
      .check(z.describe("Present when the project's base_url differs from the command's origin; tell the user")),
    curlWarnings: z
      .optional(z.array(z.string()))
      .check(
        z.describe('Options of the command that were ignored or could not be kept (a cookie file, say); tell the user'),
      ),
  }),
);

export const projectListingSchema = once(() =>
  z.looseObject({
    projectId: z.string(),
    name: z.string(),
    description: z.string(),
    baseUrl: z.nullable(z.string()),
    endpointCount: int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

export const endpointListingSchema = once(() =>
  z.looseObject({
    endpointId: z.string(),
    projectId: z.string(),
    folderId: z.nullable(z.string()),
    name: z.string(),
    method: z.string(),
    kind: z
      .optional(z.string())
      .check(z.describe('websocket or mcp for an endpoint that is not an HTTP request; absent for HTTP')),
    baseUrl: z.nullable(z.string()),
    path: z.string(),
    queryParams: z.array(keyValue()),
    headers: z
      .array(keyValue())
      .check(z.describe('Secret values (Authorization, cookies, passwords) are shown as "••••"')),
    body: z
      .looseObject({ mode: z.string().check(z.describe('none, json, text, urlencoded, multipart or file')) })
      .check(
        z.describe(
          'Request body; its other fields depend on mode. A form field or part with enabled: false is not sent',
        ),
      ),
    auth: z
      .looseObject({
        type: z
          .string()
          .check(
            z.describe(
              'none, inherit (the auth its folder or project sets), basic, digest, bearer, apiKey, oauth2 or awsSigV4',
            ),
          ),
      })
      .check(z.describe('Authentication; secret values are shown as "••••"')),
    state: endpointState(),
    createdAt: z.string(),
    tests: z
      .optional(z.array(z.looseObject({ source: z.string(), operator: z.string(), value: z.string() })))
      .check(z.describe('Assertion rows checked against every response; values compared with secrets shown as "••••"')),
  }),
);

export const listProjectsOutputSchema = once(() => z.object({ projects: z.array(projectListingSchema()) }));

export const listEndpointsOutputSchema = once(() =>
  z.object({
    projectId: z.string(),
    endpoints: z.array(endpointListingSchema()),
    nextCursor: z
      .nullable(z.string())
      .check(z.describe('Pass as cursor to get the next page; null when this is the last page')),
  }),
);

export const listFoldersOutputSchema = once(() =>
  z.object({
    projectId: z.string(),
    folders: z.array(
      z.looseObject({
        folderId: z.string(),
        projectId: z.string(),
        parentId: z.nullable(z.string()).check(z.describe('The enclosing folder; null at the project root')),
        name: z.string(),
      }),
    ),
  }),
);

export const listEnvironmentsOutputSchema = once(() =>
  z.object({
    projectId: z.string(),
    environments: z.array(
      z.looseObject({
        environmentId: z.string(),
        projectId: z.string(),
        name: z.string(),
        active: z.boolean().check(z.describe("The project's active environment, which send_endpoint uses by default")),
        variables: z
          .array(z.looseObject({ name: z.string(), secret: z.boolean() }))
          .check(z.describe('Variable names only; values are never shown')),
      }),
    ),
  }),
);

export const sendResultSchema = once(() =>
  z.looseObject({
    historyId: z.string().check(z.describe("The send's entry in the person's History")),
    url: z.string().check(z.describe('The URL as sent, secrets masked')),
    status: int(),
    statusText: z.string(),
    headers: z.array(keyValue()).check(z.describe('Response headers; Set-Cookie and secret values shown as "••••"')),
    contentType: z.nullable(z.string()),
    timing: z
      .nullable(z.looseObject({ totalMs: z.number() }))
      .check(z.describe('Milliseconds per phase: dnsMs, connectMs, tlsMs, waitMs, downloadMs, totalMs')),
    durationMs: z.number(),
    body: z.nullable(z.string()).check(z.describe('The body up to 50 KB, secrets masked; null for a binary body')),
    bodyTruncated: z.boolean(),
    totalBytes: int().check(z.describe('Size of the whole body as it arrived')),
    notes: z
      .array(z.string())
      .check(z.describe('Things to tell the user: a cut body, followed redirects, unset variables')),
  }),
);

const runCount = once(() => z.looseObject({ total: int(), failed: int() }));

export const runResultSchema = once(() =>
  z.looseObject({
    runId: z.string().check(z.describe('The run, for get_run and cancel_run')),
    projectId: z.string(),
    folderId: z.nullable(z.string()),
    environmentId: z.nullable(z.string()),
    name: z.string().check(z.describe('What ran: the project, or the folder’s path')),
    status: z
      .string()
      .check(
        z.describe(
          'running (not finished: call get_run again), passed (every request answered, every check passed), ' +
            'failed, cancelled or error',
        ),
      ),
    startedAt: z.string(),
    finishedAt: z.nullable(z.string()),
    iterations: int(),
    requests: runCount().check(z.describe('Requests sent so far; failed: those that got no response')),
    assertions: runCount().check(
      z.describe('Checks made so far (assertion rows and script tests), and how many failed'),
    ),
    failures: z
      .array(
        z.looseObject({
          iteration: int(),
          endpointId: z.string(),
          request: z.string().check(z.describe('The request’s name, after its folders')),
          assertion: z
            .nullable(z.string())
            .check(z.describe('The check that failed; null when the request got no response or a script threw')),
          message: z.string().check(z.describe('Why, secrets shown as "••••"')),
        }),
      )
      .check(z.describe('What went wrong so far, in order, secrets shown as "••••"')),
    failuresOmitted: int().check(z.describe('How many more failures there were than are listed')),
    error: z.optional(z.string()).check(z.describe('Why the run itself stopped, when status is error')),
    notes: z.array(z.string()).check(z.describe('Things to do or tell the user: follow a running job, cut lists')),
  }),
);

export const agentInfoOutputSchema = once(() =>
  z.object({
    running: z.boolean().check(z.describe("Whether this install's control plane answers and accepts the token")),
    address: z.nullable(z.string()).check(z.describe('http://127.0.0.1:<port> when running, else null')),
    tokenPath: z
      .string()
      .check(z.describe('The agent-token file client-mcp reads (direct HTTP callers send its content)')),
    dataDir: z.string(),
    flavor: z.enum(['release', 'dev']),
    ports: z.array(int()).check(z.describe('The ports scanned for the control plane')),
    appVersion: z.nullable(z.string()).check(z.describe("The running app's version, null when not running")),
    reason: z.nullable(z.string()).check(z.describe('Why it is not running and what to do; null when running')),
  }),
);

export const mockInfoSchema = once(() =>
  z.looseObject({
    id: z.string().check(z.describe('The mock, for stop_mock')),
    projectId: z.string(),
    projectName: z.string(),
    folderId: z.nullable(z.string()).check(z.describe('The folder it mocks; null for the whole project')),
    port: int(),
    url: z
      .string()
      .check(
        z.describe('http://127.0.0.1:<port>: send requests here as to the real API, paths as the endpoints have them'),
      ),
    validate: z
      .boolean()
      .check(z.describe('Whether a request that breaks the API description is answered 422 with each problem')),
    delay: z
      .optional(z.looseObject({ minMs: int(), maxMs: int() }))
      .check(z.describe('A wait before every answer, fixed or random between the two')),
    corsOrigins: z
      .union([z.literal('*'), z.array(z.string())])
      .check(z.describe('The browser origins that may call it; "*" for any')),
    startedBy: z.enum(['person', 'agent']),
    startedAt: z.string(),
  }),
);

export const listMocksOutputSchema = once(() =>
  z.object({ mocks: z.array(mockInfoSchema()).check(z.describe("The running mocks, the person's and agents'")) }),
);
