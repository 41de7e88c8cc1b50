import {
  type Assertion,
  checkKindUrl,
  type Endpoint,
  type EndpointKind,
  type EndpointListing,
  type EndpointState,
  endpointListingJson,
  isEmptyScripts,
  toEndpointListing,
} from '@client/core';
import {
  decodeAuth,
  decodeBody,
  decodePairs,
  decodeTime,
  ENDPOINT_SELECT,
  ENDPOINTS_WITH_PROJECT,
  type EndpointRow,
  toEndpoint,
  toEndpointParameters,
} from '../endpoint-columns.js';
import { type EndpointChanges, type NewEndpoint, readEndpointDraft, readEndpointFields } from '../endpoint-fields.js';
import { newId, now } from '../ids.js';
import { notFound, requireFolderOf, requireProject } from '../not-found.js';
import type { StoreContext } from '../store-context.js';
import { Utf8Builder } from '../utf8-builder.js';

/**
 * Empty optional parts (no settings of its own, no description, no scripts, no assertion rows) read as absent, as
 * `toEndpoint` reads a row without them.
 */
function withoutEmptyParts(endpoint: Endpoint): Endpoint {
  const { settings, description, scripts, tests, examples, ...rest } = endpoint;
  return {
    ...rest,
    ...(settings === undefined || Object.keys(settings).length === 0 ? {} : { settings }),
    ...(description === undefined || description === '' ? {} : { description }),
    ...(scripts === undefined || isEmptyScripts(scripts) ? {} : { scripts }),
    ...(tests === undefined || tests.length === 0 ? {} : { tests }),
    ...(examples === undefined || examples.length === 0 ? {} : { examples }),
  };
}

/** The columns `listingsJson` reads, in its order. */
type ListingRow = [
  id: string,
  folderId: string | null,
  name: string,
  method: string,
  path: string,
  queryParams: string | null,
  headers: string | null,
  bodyMode: string,
  body: string | null,
  auth: string | null,
  state: EndpointState,
  createdAt: number,
  tests: string | null,
  kind: string | null,
];

/** Endpoints of a project, at its root or in a folder, listed in creation order. */
export class EndpointRepository {
  constructor(private readonly context: StoreContext) {}

  /** Every endpoint of the project, flat; `folderId` places each one. Throws NOT_FOUND for an unknown project. */
  list(projectId: string): Endpoint[] {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      return this.context
        .statement<EndpointRow>(
          `SELECT ${ENDPOINT_SELECT} FROM ${ENDPOINTS_WITH_PROJECT} WHERE p.id = ? ORDER BY e.created_at, e.seq`,
        )
        .all(projectId)
        .map(toEndpoint);
    });
  }

  /**
   * What the tree shows of each endpoint of the project, in creation order: the UTF-8 bytes of the JSON text of an
   * array of `EndpointTreeRow`s, made by SQLite from those columns alone. A project of 10,000 endpoints is answered
   * with no row object, no string per value and no `JSON.stringify` or encoding on this thread (a third of the time
   * of reading the rows and serializing them), and without parsing any header, body or auth. Throws NOT_FOUND for
   * an unknown project.
   */
  treeRowsJson(projectId: string): Buffer {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      return this.context
        .statement<Buffer>(
          // The aggregate's own ORDER BY: the order of a subquery is not one SQLite promises to keep. As a blob the
          // text comes out as its bytes, ready to send, rather than as a string to be encoded again. An HTTP
          // request's row has no kind item.
          `SELECT CAST(json_group_array(CASE WHEN e.kind IS NULL
               THEN json_array(e.id, e.folder_id, e.name, e.method, e.path, e.state)
               ELSE json_array(e.id, e.folder_id, e.name, e.method, e.path, e.state, e.kind) END
             ORDER BY e.created_at, e.seq) AS BLOB)
           FROM ${ENDPOINTS_WITH_PROJECT} WHERE p.id = ?`,
        )
        .pluck()
        .get(projectId) as Buffer;
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
        .statement<EndpointRow>(
          `SELECT ${ENDPOINT_SELECT} FROM ${ENDPOINTS_WITH_PROJECT} WHERE p.id = ? ORDER BY e.created_at, e.seq`,
        )
        .all(projectId)
        .map((row) => toEndpointListing(toEndpoint(row), baseUrl));
    });
  }

  /**
   * `JSON.stringify(listings(projectId, baseUrl))` as UTF-8, written from the rows as SQLite hands them over
   * (arrays), an endpoint at a time: the control plane's answer for a whole project, without building its
   * 10,000 listings. Throws NOT_FOUND for an unknown project.
   */
  listingsJson(projectId: string, baseUrl: string | null): Buffer {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      const rows = this.context
        .statement<ListingRow>(
          `SELECT e.id, e.folder_id, e.name, e.method, e.path, e.query_params, e.headers, e.body_mode, e.body, e.auth,
             e.state, e.created_at, e.tests, e.kind
           FROM ${ENDPOINTS_WITH_PROJECT} WHERE p.id = ? ORDER BY e.created_at, e.seq`,
        )
        .raw(true)
        .all(projectId);
      // About 500 bytes an endpoint as agents import them; the builder grows for more.
      const json = new Utf8Builder(rows.length * 512 + 2);
      json.append('[');
      for (let index = 0; index < rows.length; index++) {
        const [id, folderId, name, method, path, query, headers, bodyMode, body, auth, state, createdAt, tests, kind] =
          rows[index] as ListingRow;
        const source = {
          id,
          projectId,
          folderId,
          name,
          method,
          path,
          queryParams: decodePairs(query),
          headers: decodePairs(headers),
          body: decodeBody(bodyMode, body),
          auth: decodeAuth(auth),
          state,
          createdAt: decodeTime(createdAt),
          ...(tests === null ? {} : { tests: JSON.parse(tests) as Assertion[] }),
          ...(kind === null ? {} : { kind: kind as EndpointKind }),
        };
        if (index > 0) json.append(',');
        json.append(endpointListingJson(source, baseUrl));
      }
      json.append(']');
      return json.result();
    });
  }

  get(id: string): Endpoint | undefined {
    const row = this.context
      .statement<EndpointRow>(`SELECT ${ENDPOINT_SELECT} FROM ${ENDPOINTS_WITH_PROJECT} WHERE e.id = ?`)
      .get(id);
    return row === undefined ? undefined : toEndpoint(row);
  }

  /** Creates an endpoint at the project root (folderId null) or in a folder of the same project. */
  create(projectId: string, folderId: string | null, draft: NewEndpoint): Endpoint {
    const fields = readEndpointDraft(draft);
    checkKindUrl(fields.kind, fields.path);
    return this.context.write(() => {
      requireProject(this.context, projectId);
      if (folderId !== null) requireFolderOf(this.context, projectId, folderId);
      const timestamp = now();
      const endpoint = withoutEmptyParts({
        ...fields,
        id: newId(),
        projectId,
        folderId,
        createdAt: timestamp,
        updatedAt: timestamp,
      });
      this.context
        .statement(
          `INSERT INTO endpoints (id, project_seq, folder_id, name, method, path, query_params, headers, body_mode,
             body, auth, state, settings, description, scripts, tests, examples, contract, kind, websocket, mcp,
             created_at, updated_at)
           VALUES (@id, (SELECT seq FROM projects WHERE id = @projectId), @folderId, @name, @method, @path,
             @queryParams, @headers, @bodyMode, @body, @auth, @state, @settings, @description, @scripts, @tests,
             @examples, @contract, @kind, @websocket, @mcp, @createdAt, @updatedAt)`,
        )
        .run(toEndpointParameters(endpoint));
      return endpoint;
    });
  }

  /** Changes the fields present in `changes`; the others keep their value. */
  update(id: string, changes: EndpointChanges): Endpoint {
    const { scripts, contract, kind, websocket, mcp, ...fields } = readEndpointFields(changes);
    return this.context.write(() => {
      const {
        scripts: kept,
        contract: keptContract,
        kind: keptKind,
        websocket: keptWebsocket,
        mcp: keptMcp,
        ...current
      } = this.require(id);
      const next = scripts === undefined ? kept : (scripts ?? undefined);
      const nextContract = contract === undefined ? keptContract : (contract ?? undefined);
      const nextKind = kind === undefined ? keptKind : (kind ?? undefined);
      const nextWebsocket = websocket === undefined ? keptWebsocket : (websocket ?? undefined);
      const nextMcp = mcp === undefined ? keptMcp : (mcp ?? undefined);
      const updated = withoutEmptyParts({
        ...current,
        ...fields,
        ...(next === undefined ? {} : { scripts: next }),
        ...(nextContract === undefined ? {} : { contract: nextContract }),
        ...(nextKind === undefined ? {} : { kind: nextKind }),
        ...(nextWebsocket === undefined ? {} : { websocket: nextWebsocket }),
        ...(nextMcp === undefined ? {} : { mcp: nextMcp }),
        updatedAt: now(),
      });
      checkKindUrl(updated.kind, updated.path);
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

  /**
   * Lists the given endpoints in this order from now on (a linked folder's order, which its files' seqs give): their
   * creation times are renumbered a millisecond apart from the earliest of them. Endpoints not named keep theirs.
   */
  reorder(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.context.write(() => {
      const placeholders = ids.map(() => '?').join(', ');
      const earliest = this.context
        .statement<number>(`SELECT min(created_at) FROM endpoints WHERE id IN (${placeholders})`)
        .pluck()
        .get(...ids) as number;
      const update = this.context.statement('UPDATE endpoints SET created_at = ? WHERE id = ?');
      for (const [position, id] of ids.entries()) update.run(earliest + position, id);
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
         query_params = @queryParams, headers = @headers, body_mode = @bodyMode, body = @body, auth = @auth,
         state = @state, settings = @settings, description = @description, scripts = @scripts, tests = @tests,
         examples = @examples, contract = @contract, kind = @kind, websocket = @websocket, mcp = @mcp,
         updated_at = @updatedAt
         WHERE id = @id`,
      )
      .run(toEndpointParameters(endpoint));
  }

  private require(id: string): Endpoint {
    const endpoint = this.get(id);
    if (endpoint === undefined) throw notFound('endpoint', id);
    return endpoint;
  }
}
