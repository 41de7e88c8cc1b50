import {
  type Endpoint,
  type EndpointDraft,
  type EndpointListing,
  type StoredEndpointRow,
  storedEndpointListing,
} from '@client/core';
import { type NewEndpoint, readEndpointDraft, readEndpointFields } from '../endpoint-fields.js';
import { newId, now } from '../ids.js';
import { notFound, requireFolderOf, requireProject } from '../not-found.js';
import { ENDPOINT_COLUMNS, type EndpointRow, toEndpoint } from '../row-mapping.js';
import type { StoreContext } from '../store-context.js';

/** No settings of its own reads as none at all, as `toEndpoint` reads a row without any. */
function withoutEmptySettings(endpoint: Endpoint): Endpoint {
  if (endpoint.settings === undefined || Object.keys(endpoint.settings).length > 0) return endpoint;
  const { settings: _empty, ...rest } = endpoint;
  return rest;
}

function toRow(endpoint: Endpoint): Record<string, string | null> {
  return {
    id: endpoint.id,
    projectId: endpoint.projectId,
    folderId: endpoint.folderId,
    name: endpoint.name,
    method: endpoint.method,
    path: endpoint.path,
    queryParams: JSON.stringify(endpoint.queryParams),
    headers: JSON.stringify(endpoint.headers),
    body: JSON.stringify(endpoint.body),
    auth: JSON.stringify(endpoint.auth),
    state: endpoint.state,
    settings: JSON.stringify(endpoint.settings ?? {}),
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

/** Endpoints of a project, at its root or in a folder, listed in creation order. */
export class EndpointRepository {
  constructor(private readonly context: StoreContext) {}

  /** Every endpoint of the project, flat; `folderId` places each one. Throws NOT_FOUND for an unknown project. */
  list(projectId: string): Endpoint[] {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      return this.context
        .statement<EndpointRow>(
          `SELECT ${ENDPOINT_COLUMNS} FROM endpoints WHERE project_id = ? ORDER BY created_at, seq`,
        )
        .all(projectId)
        .map(toEndpoint);
    });
  }

  /**
   * The project's endpoints as agents see them (`GET /agent/endpoints/:projectId`), secrets masked, in creation
   * order: equal to `list(projectId).map((endpoint) => toEndpointListing(endpoint, baseUrl))`, built from the
   * rows as SQLite returns them. Throws NOT_FOUND for an unknown project.
   */
  listings(projectId: string, baseUrl: string | null): EndpointListing[] {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      return this.context
        .statement<StoredEndpointRow>(
          `SELECT id, project_id, folder_id, name, method, path, query_params, headers, body, auth, state, created_at
           FROM endpoints WHERE project_id = ? ORDER BY created_at, seq`,
        )
        .raw(true)
        .all(projectId)
        .map((row) => storedEndpointListing(row, baseUrl));
    });
  }

  get(id: string): Endpoint | undefined {
    const row = this.context.statement<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM endpoints WHERE id = ?`).get(id);
    return row === undefined ? undefined : toEndpoint(row);
  }

  /** Creates an endpoint at the project root (folderId null) or in a folder of the same project. */
  create(projectId: string, folderId: string | null, draft: NewEndpoint): Endpoint {
    const fields = readEndpointDraft(draft);
    return this.context.write(() => {
      requireProject(this.context, projectId);
      if (folderId !== null) requireFolderOf(this.context, projectId, folderId);
      const timestamp = now();
      const endpoint = withoutEmptySettings({
        ...fields,
        id: newId(),
        projectId,
        folderId,
        createdAt: timestamp,
        updatedAt: timestamp,
      });
      this.context
        .statement(
          `INSERT INTO endpoints (${ENDPOINT_COLUMNS}) VALUES (@id, @projectId, @folderId, @name, @method, @path,
           @queryParams, @headers, @body, @auth, @state, @settings, @createdAt, @updatedAt)`,
        )
        .run(toRow(endpoint));
      return endpoint;
    });
  }

  /** Changes the fields present in `changes`; the others keep their value. */
  update(id: string, changes: Partial<EndpointDraft>): Endpoint {
    const fields = readEndpointFields(changes);
    return this.context.write(() => {
      const updated = withoutEmptySettings({ ...this.require(id), ...fields, updatedAt: now() });
      this.save(updated);
      return updated;
    });
  }

  /** Moves the endpoint into another folder of its project, or to the project root with null. */
  move(id: string, folderId: string | null): Endpoint {
    return this.context.write(() => {
      const endpoint = this.require(id);
      if (folderId !== null) requireFolderOf(this.context, endpoint.projectId, folderId);
      const moved: Endpoint = { ...endpoint, folderId, updatedAt: now() };
      this.save(moved);
      return moved;
    });
  }

  delete(id: string): void {
    const { changes } = this.context.statement('DELETE FROM endpoints WHERE id = ?').run(id);
    if (changes === 0) throw notFound('endpoint', id);
  }

  private save(endpoint: Endpoint): void {
    this.context
      .statement(
        `UPDATE endpoints SET folder_id = @folderId, name = @name, method = @method, path = @path,
         query_params = @queryParams, headers = @headers, body = @body, auth = @auth, state = @state,
         settings = @settings, updated_at = @updatedAt WHERE id = @id`,
      )
      .run(toRow(endpoint));
  }

  private require(id: string): Endpoint {
    const endpoint = this.get(id);
    if (endpoint === undefined) throw notFound('endpoint', id);
    return endpoint;
  }
}
