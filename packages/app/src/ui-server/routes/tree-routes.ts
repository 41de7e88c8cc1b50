import {
  AppError,
  type EndpointDraft,
  type EndpointKindName,
  type EndpointScripts,
  type ImportRequest,
  type McpSettings,
  readImportRequest,
  type WebSocketSettings,
} from '@client/core';
import { duplicateEndpoint, duplicateFolder, type EndpointChanges } from '@client/store';
import type { FastifyInstance } from 'fastify';
import { draftSchema, idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

type DraftBody = Omit<EndpointDraft, 'scripts' | 'kind' | 'websocket' | 'mcp'> & {
  folderId?: string | null;
  scripts?: EndpointScripts | null;
  kind?: EndpointKindName;
  websocket?: WebSocketSettings | null;
  mcp?: McpSettings | null;
};

const CLOSE = Buffer.from('}');

/**
 * The endpoint as the editor sends it whole: settings it leaves out are cleared, so the project's apply. A
 * description, assertion rows or examples it leaves out are kept (`tests: []` clears the rows, `examples: []` the
 * examples).
 */
function draftOf(body: DraftBody): EndpointDraft {
  const { name, method, path, queryParams, headers, body: requestBody, auth, state, settings, description } = body;
  const { tests, examples } = body;
  return {
    name,
    method,
    path,
    queryParams,
    headers,
    body: requestBody,
    auth,
    state,
    settings: settings ?? {},
    ...(description === undefined ? {} : { description }),
    ...(tests === undefined ? {} : { tests }),
    ...(examples === undefined ? {} : { examples }),
  };
}

/**
 * A save of an endpoint: scripts, kind and WebSocket settings it leaves out are kept (an editor that knows nothing
 * of kinds cannot turn a WebSocket into an HTTP request), `scripts: null` removes them, `kind: 'http'` makes it HTTP.
 */
function changesOf(body: DraftBody): EndpointChanges {
  const { scripts, kind, websocket, mcp } = body;
  return {
    ...draftOf(body),
    ...(scripts === undefined ? {} : { scripts }),
    ...(kind === undefined ? {} : { kind: kind === 'http' ? null : kind }),
    ...(websocket === undefined ? {} : { websocket }),
    ...(mcp === undefined ? {} : { mcp }),
  };
}

/** A new endpoint: scripts or settings of none are none, kind http is no kind. */
function newEndpointOf(body: DraftBody): EndpointDraft {
  const { scripts, kind, websocket, mcp } = body;
  return {
    ...draftOf(body),
    ...(scripts === undefined || scripts === null ? {} : { scripts }),
    ...(kind === undefined || kind === 'http' ? {} : { kind }),
    ...(websocket === undefined || websocket === null ? {} : { websocket }),
    ...(mcp === undefined || mcp === null ? {} : { mcp }),
  };
}

/** Folders and endpoints of a project, and the paste-cURL import. */
export function registerTreeRoutes(app: FastifyInstance, context: UiContext): void {
  const { store } = context;

  app.get<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/tree',
    { schema: { params: idParams('projectId') } },
    (request, reply) => {
      const { projectId } = request.params;
      const { folders, endpoints } = store.read(() => ({
        folders: store.folders.list(projectId),
        endpoints: store.endpoints.treeRowsJson(projectId),
      }));
      // The endpoints' rows are already JSON bytes (see `treeRowsJson`): they are placed in the answer as they are.
      return reply
        .type('application/json; charset=utf-8')
        .send(Buffer.concat([Buffer.from(`{"folders":${JSON.stringify(folders)},"endpoints":`), endpoints, CLOSE]));
    },
  );

  app.post<{ Params: { projectId: string }; Body: { name: string; parentId?: string | null } }>(
    '/api/projects/:projectId/folders',
    {
      schema: {
        params: idParams('projectId'),
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, parentId: { type: ['string', 'null'] } },
        },
      },
    },
    (request, reply) =>
      reply.code(201).send(
        store.folders.create({
          projectId: request.params.projectId,
          name: request.body.name,
          parentId: request.body.parentId ?? null,
        }),
      ),
  );

  app.patch<{ Params: { folderId: string }; Body: { name?: string; parentId?: string | null } }>(
    '/api/folders/:folderId',
    {
      schema: {
        params: idParams('folderId'),
        body: { type: 'object', properties: { name: { type: 'string' }, parentId: { type: ['string', 'null'] } } },
      },
    },
    (request) => {
      const { folderId } = request.params;
      const { name, parentId } = request.body;
      return store.transaction(() => {
        if (name !== undefined) store.folders.rename(folderId, name);
        if (parentId !== undefined) store.folders.move(folderId, parentId);
        const folder = store.folders.get(folderId);
        if (folder === undefined) throw new AppError('NOT_FOUND', `no folder "${folderId}"; it may have been deleted`);
        return folder;
      });
    },
  );

  app.post<{ Params: { folderId: string } }>(
    '/api/folders/:folderId/duplicate',
    { schema: { params: idParams('folderId') } },
    (request, reply) => reply.code(201).send(duplicateFolder(store, request.params.folderId)),
  );

  app.delete<{ Params: { folderId: string } }>(
    '/api/folders/:folderId',
    { schema: { params: idParams('folderId') } },
    (request, reply) => {
      store.folders.delete(request.params.folderId);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { endpointId: string } }>(
    '/api/endpoints/:endpointId',
    { schema: { params: idParams('endpointId') } },
    (request) => {
      const endpoint = store.endpoints.get(request.params.endpointId);
      if (endpoint === undefined) {
        throw new AppError('NOT_FOUND', `no endpoint "${request.params.endpointId}"; it may have been deleted`);
      }
      return endpoint;
    },
  );

  app.post<{ Params: { projectId: string }; Body: DraftBody }>(
    '/api/projects/:projectId/endpoints',
    { schema: { params: idParams('projectId'), body: draftSchema } },
    (request, reply) =>
      reply
        .code(201)
        .send(
          store.endpoints.create(request.params.projectId, request.body.folderId ?? null, newEndpointOf(request.body)),
        ),
  );

  app.put<{ Params: { endpointId: string }; Body: DraftBody }>(
    '/api/endpoints/:endpointId',
    { schema: { params: idParams('endpointId'), body: draftSchema } },
    (request) => {
      const { endpointId } = request.params;
      const { folderId } = request.body;
      return store.transaction(() => {
        const saved = store.endpoints.update(endpointId, changesOf(request.body));
        // The person saved what the editor shows: the request is theirs now, whoever wrote it first.
        store.agentWritten.release(endpointId);
        return folderId === undefined || folderId === saved.folderId
          ? saved
          : store.endpoints.move(endpointId, folderId);
      });
    },
  );

  app.patch<{ Params: { endpointId: string }; Body: { name?: string; folderId?: string | null } }>(
    '/api/endpoints/:endpointId',
    {
      schema: {
        params: idParams('endpointId'),
        body: { type: 'object', properties: { name: { type: 'string' }, folderId: { type: ['string', 'null'] } } },
      },
    },
    (request) => {
      const { endpointId } = request.params;
      const { name, folderId } = request.body;
      return store.transaction(() => {
        const renamed = store.endpoints.update(endpointId, name === undefined ? {} : { name });
        return folderId === undefined ? renamed : store.endpoints.move(endpointId, folderId);
      });
    },
  );

  app.post<{ Params: { endpointId: string } }>(
    '/api/endpoints/:endpointId/duplicate',
    { schema: { params: idParams('endpointId') } },
    (request, reply) => reply.code(201).send(duplicateEndpoint(store, request.params.endpointId)),
  );

  app.delete<{ Params: { endpointId: string } }>(
    '/api/endpoints/:endpointId',
    { schema: { params: idParams('endpointId') } },
    (request, reply) => {
      store.endpoints.delete(request.params.endpointId);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { projectId: string }; Body: Record<string, unknown> }>(
    '/api/projects/:projectId/import-curl',
    { schema: { params: idParams('projectId'), body: { type: 'object' } } },
    (request, reply) => {
      // The open project is the destination; the rest is read exactly as an agent's import is.
      const importRequest: ImportRequest = readImportRequest({ ...request.body, projectId: request.params.projectId });
      const result = context.importFromUi(() => context.options.importCurl(importRequest));
      return reply.code(201).send(result);
    },
  );
}
