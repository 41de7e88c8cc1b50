import * as z from 'zod/mini';
import { forwardCall } from '../forward-call.js';
import { once } from '../once.js';
import { listEndpointsOutputSchema } from '../output-schemas.js';
import type { ToolDefinition } from '../tool-definition.js';

const DEFAULT_LIMIT = 100;

const listEndpointsInput = once(() =>
  z.object({
    projectId: z.string().check(z.describe('The project whose endpoints to list, from list_projects')),
    folderId: z.nullish(z.string()).check(z.describe('Only the endpoints directly in this folder (from list_folders)')),
    query: z
      .nullish(z.string())
      .check(z.describe('Only endpoints whose name or path contains this text, ignoring case')),
    limit: z
      .nullish(z.number().check(z.int(), z.minimum(1), z.maximum(1000)))
      .check(z.describe(`At most this many (default ${DEFAULT_LIMIT})`)),
    cursor: z.nullish(z.string()).check(z.describe('nextCursor of the previous page, to get the next one')),
  }),
);

function queryString(args: { folderId?: string | null; query?: string | null; cursor?: string | null }, limit: number) {
  const query = new URLSearchParams();
  if (args.folderId != null) query.set('folderId', args.folderId);
  if (args.query != null) query.set('query', args.query);
  if (args.cursor != null) query.set('cursor', args.cursor);
  // One more than asked: whether it comes back says whether there is a next page.
  query.set('limit', String(limit + 1));
  return query.toString();
}

export const listEndpointsTool: ToolDefinition<ReturnType<typeof listEndpointsInput>> = {
  name: 'list_endpoints',
  title: 'List the endpoints of a project',
  description:
    'Lists the endpoints of one project: endpointId, name, method, baseUrl + path + queryParams, headers, body, ' +
    'auth and state, and kind (websocket or mcp) for an endpoint that is not an HTTP request. ' +
    'Secret values (Authorization, cookies, passwords) are shown as "••••"; a param, header or ' +
    'form field with enabled: false is switched off in the app: kept, but not sent. ' +
    `Filter by folderId or by query (name or path contains); at most limit (default ${DEFAULT_LIMIT}) per call, ` +
    'and when nextCursor is not null, call again with cursor set to it for the rest. ' +
    'An unknown projectId fails with NOT_FOUND; call list_projects for valid ids.',
  input: listEndpointsInput,
  output: listEndpointsOutputSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (args, context) => {
    const limit = args.limit ?? DEFAULT_LIMIT;
    const start = Number(args.cursor ?? 0);
    return forwardCall(
      context,
      { method: 'GET', path: `/agent/endpoints/${encodeURIComponent(args.projectId)}?${queryString(args, limit)}` },
      listEndpointsOutputSchema(),
      (answer) => {
        // Anything but a list is passed on as it came, so the output check names the unknown shape.
        if (!Array.isArray(answer)) return { projectId: args.projectId, endpoints: answer, nextCursor: null };
        const more = answer.length > limit;
        return {
          projectId: args.projectId,
          endpoints: answer.slice(0, limit),
          nextCursor: more && Number.isSafeInteger(start) ? String(start + limit) : null,
        };
      },
    );
  },
};
