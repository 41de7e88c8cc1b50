import * as z from 'zod';

/*
 * The shapes the control plane answers with (`ImportResult`, `ProjectListing`, `EndpointListing` of @client/core).
 * Records are loose: the control plane may add fields within a major version, and an older client-mcp must pass
 * them on rather than fail its own output check.
 */

const keyValue = z.looseObject({
  key: z.string(),
  value: z.string(),
  enabled: z.boolean().optional().describe('false: the person switched this row off; it is kept but not sent'),
});

const endpointState = z
  .string()
  .describe('Lifecycle state: Designing (every import), Developing, Testing, Released or Deprecated');

export const importResultSchema = z.looseObject({
  endpointId: z.string().describe('Id of the endpoint just created'),
  projectId: z.string().describe('Project it was saved in'),
  folderId: z.string().nullable().describe('Folder it was saved in; null for the project root'),
  name: z.string(),
  method: z.string(),
  baseUrl: z
    .string()
    .nullable()
    .describe("The project's base_url variable: the endpoint is sent to baseUrl + path + query"),
  path: z.string(),
  queryParams: z.array(keyValue),
  state: endpointState,
  warning: z
    .string()
    .optional()
    .describe("Present when the project's base_url differs from the command's origin; tell the user"),
  curlWarnings: z
    .array(z.string())
    .optional()
    .describe('Options of the command that were ignored or could not be kept (a cookie file, say); tell the user'),
});

export const projectListingSchema = z.looseObject({
  projectId: z.string(),
  name: z.string(),
  description: z.string(),
  baseUrl: z.string().nullable(),
  endpointCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const endpointListingSchema = z.looseObject({
  endpointId: z.string(),
  projectId: z.string(),
  folderId: z.string().nullable(),
  name: z.string(),
  method: z.string(),
  baseUrl: z.string().nullable(),
  path: z.string(),
  queryParams: z.array(keyValue),
  headers: z.array(keyValue).describe('Secret values (Authorization, cookies, passwords) are shown as "••••"'),
  body: z
    .looseObject({ mode: z.string().describe('none, json, text, urlencoded, multipart or file') })
    .describe('Request body; its other fields depend on mode. A form field or part with enabled: false is not sent'),
  auth: z
    .looseObject({
      type: z
        .string()
        .describe(
          'none, inherit (the auth its folder or project sets), basic, digest, bearer, apiKey, oauth2 or awsSigV4',
        ),
    })
    .describe('Authentication; secret values are shown as "••••"'),
  state: endpointState,
  createdAt: z.string(),
});

export const listProjectsOutputSchema = z.object({ projects: z.array(projectListingSchema) });

export const listEndpointsOutputSchema = z.object({
  projectId: z.string(),
  endpoints: z.array(endpointListingSchema),
  nextCursor: z.string().nullable().describe('Pass as cursor to get the next page; null when this is the last page'),
});

export const listFoldersOutputSchema = z.object({
  projectId: z.string(),
  folders: z.array(
    z.looseObject({
      folderId: z.string(),
      projectId: z.string(),
      parentId: z.string().nullable().describe('The enclosing folder; null at the project root'),
      name: z.string(),
    }),
  ),
});

export const listEnvironmentsOutputSchema = z.object({
  projectId: z.string(),
  environments: z.array(
    z.looseObject({
      environmentId: z.string(),
      projectId: z.string(),
      name: z.string(),
      active: z.boolean().describe("The project's active environment, which send_endpoint uses by default"),
      variables: z
        .array(z.looseObject({ name: z.string(), secret: z.boolean() }))
        .describe('Variable names only; values are never shown'),
    }),
  ),
});

export const sendResultSchema = z.looseObject({
  historyId: z.string().describe("The send's entry in the person's History"),
  url: z.string().describe('The URL as sent, secrets masked'),
  status: z.number().int(),
  statusText: z.string(),
  headers: z.array(keyValue).describe('Response headers; Set-Cookie and secret values shown as "••••"'),
  contentType: z.string().nullable(),
  timing: z
    .looseObject({ totalMs: z.number() })
    .nullable()
    .describe('Milliseconds per phase: dnsMs, connectMs, tlsMs, waitMs, downloadMs, totalMs'),
  durationMs: z.number(),
  body: z.string().nullable().describe('The body up to 50 KB, secrets masked; null for a binary body'),
  bodyTruncated: z.boolean(),
  totalBytes: z.number().int().describe('Size of the whole body as it arrived'),
  notes: z.array(z.string()).describe('Things to tell the user: a cut body, followed redirects, unset variables'),
});

export const agentInfoOutputSchema = z.object({
  running: z.boolean().describe("Whether this install's control plane answers and accepts the token"),
  address: z.string().nullable().describe('http://127.0.0.1:<port> when running, else null'),
  tokenPath: z.string().describe('The agent-token file client-mcp reads (direct HTTP callers send its content)'),
  dataDir: z.string(),
  flavor: z.enum(['release', 'dev']),
  ports: z.array(z.number().int()).describe('The ports scanned for the control plane'),
  appVersion: z.string().nullable().describe("The running app's version, null when not running"),
  reason: z.string().nullable().describe('Why it is not running and what to do; null when running'),
});
