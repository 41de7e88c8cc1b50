import { isDeepStrictEqual } from 'node:util';
import {
  type Endpoint,
  type EndpointDraft,
  isAppError,
  type ProjectTree,
  type TreeEnvironment,
  type TreePath,
} from '@client/core';
import type { EndpointChanges } from '../endpoint-fields.js';
import type { EnvironmentVariableInput } from '../repositories/environment-variable-repository.js';
import type { Store } from '../store.js';
import { folderPaths, type TreeIds } from './read-project-tree.js';

/** Ids known for some of the tree's rows (from the folder's file index), in the order of the tree's lists. */
export interface KnownIds {
  folders?: readonly (string | undefined)[];
  endpoints?: readonly (string | undefined)[];
  environments?: readonly (string | undefined)[];
}

export interface ApplyTreeOptions {
  known?: KnownIds;
  /** Rows to leave as they are (their file did not parse): neither changed nor deleted. */
  keep?: ReadonlySet<string>;
  /** Seals the empty value of a secret the project holds no value of yet; without it the value is stored empty. */
  sealSecret?: (plaintext: string) => string;
}

/** An endpoint of the tree the store refused (a path without `/`, an unknown method): it was left as it was. */
export interface RefusedEndpoint {
  /** Its index in `tree.endpoints`. */
  index: number;
  message: string;
}

export interface AppliedTree {
  /** The rows of the tree's folders, endpoints and environments now; '' for a refused endpoint. */
  ids: TreeIds;
  /** Whether any row was written. */
  changed: boolean;
  refused: RefusedEndpoint[];
}

const pathKey = (path: TreePath): string => JSON.stringify(path);
/** JSON's view of a value: what is absent and what is `undefined` compare equal. */
const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
export const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(plain(a), plain(b));

/** Every optional part of a draft named, so an update replaces the endpoint whole. */
export function wholeChanges(draft: EndpointDraft): EndpointChanges {
  return {
    ...draft,
    settings: draft.settings ?? {},
    description: draft.description ?? '',
    scripts: draft.scripts ?? null,
    tests: draft.tests ?? [],
    examples: draft.examples ?? [],
    contract: draft.contract ?? null,
    kind: draft.kind ?? null,
    websocket: draft.websocket ?? null,
    mcp: draft.mcp ?? null,
  };
}

export const draftOf = ({ id: _i, projectId: _p, folderId: _f, createdAt: _c, updatedAt: _u, ...draft }: Endpoint) =>
  draft;

/** A draft with its empty optional parts left out, as the store reads a row back. */
export function normalDraft(draft: EndpointDraft): EndpointDraft {
  const { settings, description, scripts, tests, examples, ...rest } = draft;
  return {
    ...rest,
    ...(settings === undefined || Object.keys(settings).length === 0 ? {} : { settings }),
    ...(description === undefined || description === '' ? {} : { description }),
    ...(scripts === undefined ? {} : { scripts }),
    ...(tests === undefined || tests.length === 0 ? {} : { tests }),
    ...(examples === undefined || examples.length === 0 ? {} : { examples }),
  };
}

/**
 * Takes, for each tree entry, its row by id or else the first row one of the keys finds that no earlier entry
 * took. Each key is a lookup in a map built once: a project of 10,000 endpoints is matched in linear time.
 */
class Claims<T extends { id: string }> {
  private readonly taken = new Set<string>();
  private readonly byId: Map<string, T>;
  private readonly byKey: Map<string, T[]>[];
  constructor(
    private readonly rows: readonly T[],
    keyers: readonly ((row: T) => string)[],
  ) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
    this.byKey = keyers.map((keyOf) => {
      const index = new Map<string, T[]>();
      for (const row of rows) {
        const key = keyOf(row);
        const list = index.get(key);
        if (list === undefined) index.set(key, [row]);
        else list.push(row);
      }
      return index;
    });
  }
  /** `keys[i]` is looked up with the i-th keyer; undefined skips it. */
  claim(id: string | undefined, keys: readonly (string | undefined)[]): T | undefined {
    let found = id === undefined || this.taken.has(id) ? undefined : this.byId.get(id);
    for (const [position, key] of keys.entries()) {
      if (found !== undefined) break;
      if (key !== undefined) found = this.byKey[position]?.get(key)?.find((row) => !this.taken.has(row.id));
    }
    if (found !== undefined) this.taken.add(found.id);
    return found;
  }
  unclaimed(): T[] {
    return this.rows.filter((row) => !this.taken.has(row.id));
  }
}

/**
 * Makes the project's rows say what `tree` says, in one transaction: rows that map (by a known id, else by folder
 * path, by folder and name, or for a moved endpoint by name, method and path) keep their ids and are changed only
 * where they differ; the rest are created; rows no tree entry maps to are deleted unless kept. A secret keeps its
 * sealed value, found by environment and variable name, or by variable name in another environment of the project.
 */
export function applyProjectTree(
  store: Store,
  projectId: string,
  tree: ProjectTree,
  options: ApplyTreeOptions = {},
): AppliedTree {
  const keep = options.keep ?? new Set<string>();
  return store.transaction(() => {
    let changed = false;
    // The project's own fields only: its endpoints are compared one by one below.
    const before = {
      requestSettings: store.projects.requestSettings(projectId),
      auth: store.auth.ofProject(projectId),
      scripts: store.scripts.ofProject(projectId),
      variables: store.variables.list(projectId).map(({ projectId: _p, ...variable }) => variable),
    };
    const project = store.projects.get(projectId);
    if (project !== undefined && (project.name !== tree.name || project.description !== tree.description)) {
      store.projects.update(projectId, { name: tree.name, description: tree.description });
      changed = true;
    }
    if (!same(before.requestSettings, tree.requestSettings)) {
      store.projects.setRequestSettings(projectId, tree.requestSettings);
      changed = true;
    }
    if (!same(before.auth, tree.auth ?? { type: 'none' })) {
      store.auth.setProject(projectId, tree.auth ?? { type: 'none' });
      changed = true;
    }
    if (!same(before.scripts, tree.scripts)) {
      store.scripts.setProject(projectId, tree.scripts ?? null);
      changed = true;
    }
    if (!same(before.variables, tree.variables)) {
      for (const { key } of before.variables) store.variables.delete(projectId, key);
      for (const { key, value, enabled } of tree.variables) store.variables.set(projectId, key, value, enabled);
      changed = true;
    }

    const folderIds = applyFolders(store, projectId, tree, options.known?.folders ?? [], keep);
    changed ||= folderIds.changed;
    const endpoints = applyEndpoints(store, projectId, tree, folderIds.byPath, options.known?.endpoints ?? [], keep);
    changed ||= endpoints.changed;
    for (const id of folderIds.unclaimed) {
      // A folder deleted with its parent is gone already.
      if (store.folders.get(id) !== undefined) store.folders.delete(id);
    }
    changed = keepOrder(store, projectId, folderIds.ids, endpoints.ids) || changed;
    const environments = applyEnvironments(store, projectId, tree.environments, options, keep);
    changed ||= environments.changed;
    return {
      ids: { folders: folderIds.ids, endpoints: endpoints.ids, environments: environments.ids },
      changed,
      refused: endpoints.refused,
    };
  });
}

/** Whether `rows` list the ids of `wanted` in its order, sibling group by sibling group. */
function inOrder<T extends { id: string }>(rows: readonly T[], wanted: readonly string[], group: (row: T) => unknown) {
  const position = new Map(wanted.map((id, index) => [id, index]));
  const last = new Map<unknown, number>();
  for (const row of rows) {
    const at = position.get(row.id);
    if (at === undefined) continue;
    const key = group(row);
    if ((last.get(key) ?? -1) > at) return false;
    last.set(key, at);
  }
  return true;
}

/** The store lists siblings in the tree's order (the files' seqs): rows are renumbered where it differs. */
function keepOrder(store: Store, projectId: string, folderIds: readonly string[], endpointIds: readonly string[]) {
  let changed = false;
  if (!inOrder(store.folders.list(projectId), folderIds, (folder) => folder.parentId)) {
    store.folders.reorder(folderIds);
    changed = true;
  }
  const endpoints = endpointIds.filter((id) => id !== '');
  if (!inOrder(store.endpoints.list(projectId), endpoints, (endpoint) => endpoint.folderId)) {
    store.endpoints.reorder(endpoints);
    changed = true;
  }
  return changed;
}

function applyFolders(
  store: Store,
  projectId: string,
  tree: ProjectTree,
  known: readonly (string | undefined)[],
  keep: ReadonlySet<string>,
) {
  const current = folderPaths(store.folders.list(projectId));
  const rows = current.map(({ folder, path }) => ({ id: folder.id, folder, key: pathKey(path) }));
  const claims = new Claims(rows, [(row) => row.key]);
  const byPath = new Map<string, string>();
  const ids: string[] = [];
  let changed = false;
  for (const [index, entry] of tree.folders.entries()) {
    const name = entry.path.at(-1) ?? '';
    const parentId = entry.path.length > 1 ? (byPath.get(pathKey(entry.path.slice(0, -1))) ?? null) : null;
    const key = pathKey(entry.path);
    const row = claims.claim(known[index], [key]);
    let id: string;
    if (row === undefined) {
      id = store.folders.create({ projectId, parentId, name, description: entry.description ?? '' }).id;
      changed = true;
    } else {
      id = row.id;
      const folder = store.folders.get(id);
      if (folder !== undefined && !keep.has(id)) {
        if (folder.parentId !== parentId) store.folders.move(id, parentId);
        if (folder.name !== name) store.folders.rename(id, name);
        if ((folder.description ?? '') !== (entry.description ?? '')) {
          store.folders.setDescription(id, entry.description ?? '');
        }
        changed ||= folder.parentId !== parentId || folder.name !== name;
        changed ||= (folder.description ?? '') !== (entry.description ?? '');
      }
    }
    if (!keep.has(id)) {
      const auth = entry.auth ?? { type: 'inherit' };
      if (row === undefined || !same(store.auth.ofFolder(id), auth)) {
        store.auth.setFolder(id, auth);
        changed = true;
      }
      if (!same(store.scripts.ofFolder(id), entry.scripts)) {
        store.scripts.setFolder(id, entry.scripts ?? null);
        changed = true;
      }
    }
    byPath.set(key, id);
    ids.push(id);
  }
  const unclaimed = claims
    .unclaimed()
    .filter(({ id }) => !keep.has(id))
    .map(({ id }) => id)
    .reverse();
  changed ||= unclaimed.length > 0;
  return { ids, byPath, unclaimed, changed };
}

function applyEndpoints(
  store: Store,
  projectId: string,
  tree: ProjectTree,
  folderIds: ReadonlyMap<string, string>,
  known: readonly (string | undefined)[],
  keep: ReadonlySet<string>,
) {
  const placeKey = (folderId: string | null, name: string) => JSON.stringify([folderId, name]);
  const requestKey = (name: string, method: string, path: string) => JSON.stringify([name, method, path]);
  const claims = new Claims(store.endpoints.list(projectId), [
    (row) => placeKey(row.folderId, row.name),
    (row) => requestKey(row.name, row.method, row.path),
  ]);
  const ids: string[] = [];
  const refused: RefusedEndpoint[] = [];
  let changed = false;
  // Rows in their own folder under their own name first, then rows that moved: a copy does not take the original's id.
  const placed = tree.endpoints.map(({ folder, endpoint }, index) => {
    const folderId = folder.length === 0 ? null : (folderIds.get(pathKey(folder)) ?? null);
    const row = claims.claim(known[index], [placeKey(folderId, endpoint.name)]);
    return { folderId, endpoint, row };
  });
  for (const [index, entry] of placed.entries()) {
    const { folderId, endpoint } = entry;
    const row =
      entry.row ?? claims.claim(undefined, [undefined, requestKey(endpoint.name, endpoint.method, endpoint.path)]);
    if (row === undefined) {
      try {
        ids.push(store.transaction(() => store.endpoints.create(projectId, folderId, endpoint).id));
        changed = true;
      } catch (error) {
        if (!isAppError(error)) throw error;
        refused.push({ index, message: error.message });
        ids.push('');
      }
      continue;
    }
    ids.push(row.id);
    if (keep.has(row.id)) continue;
    const moves = row.folderId !== folderId;
    const edits = !same(draftOf(row), normalDraft(endpoint));
    if (!moves && !edits) continue;
    try {
      // Moved and changed together or not at all: a refused change leaves the row where and as it was.
      store.transaction(() => {
        if (moves) store.endpoints.move(row.id, folderId);
        if (edits) store.endpoints.update(row.id, wholeChanges(endpoint));
      });
      changed = true;
    } catch (error) {
      if (!isAppError(error)) throw error;
      refused.push({ index, message: error.message });
    }
  }
  for (const row of claims.unclaimed()) {
    if (keep.has(row.id)) continue;
    store.endpoints.delete(row.id);
    changed = true;
  }
  return { ids, refused, changed };
}

function applyEnvironments(
  store: Store,
  projectId: string,
  environments: readonly TreeEnvironment[],
  options: ApplyTreeOptions,
  keep: ReadonlySet<string>,
) {
  const rows = store.environments.list(projectId);
  const variablesOf = new Map(rows.map((row) => [row.id, store.environmentVariables.list(row.id)]));
  const sealedByName = new Map<string, string>();
  const sealedByKey = new Map<string, string>();
  for (const row of rows) {
    for (const variable of variablesOf.get(row.id) ?? []) {
      if (!variable.secret) continue;
      sealedByName.set(`${row.name}\u0000${variable.key}`, variable.value);
      if (!sealedByKey.has(variable.key)) sealedByKey.set(variable.key, variable.value);
    }
  }
  const claims = new Claims(rows, [(row) => row.name]);
  const known = options.known?.environments ?? [];
  const ids: string[] = [];
  let changed = false;
  for (const [index, environment] of environments.entries()) {
    const row = claims.claim(known[index], [environment.name]);
    const id = row?.id ?? store.environments.create({ projectId, name: environment.name }).id;
    ids.push(id);
    if (row === undefined) changed = true;
    if (keep.has(id)) continue;
    if (row !== undefined && row.name !== environment.name) {
      store.environments.rename(id, environment.name);
      changed = true;
    }
    const wanted: EnvironmentVariableInput[] = environment.variables.map((variable) => {
      const { key, secret, enabled, allowedHosts } = variable;
      const sealed = secret
        ? (sealedByName.get(`${environment.name}\u0000${key}`) ??
          sealedByName.get(`${row?.name ?? ''}\u0000${key}`) ??
          sealedByKey.get(key) ??
          options.sealSecret?.('') ??
          '')
        : variable.value;
      return {
        key,
        value: sealed,
        secret,
        ...(enabled === undefined ? {} : { enabled }),
        ...(allowedHosts === undefined ? {} : { allowedHosts }),
      };
    });
    const have = (variablesOf.get(id) ?? []).map(({ environmentId: _e, ...variable }) => variable);
    const comparable = (list: readonly EnvironmentVariableInput[]) =>
      list.map(({ key, value, secret, enabled, allowedHosts }) => ({
        key,
        value,
        secret,
        enabled: enabled !== false,
        // A secret given without hosts keeps the ones it has.
        allowedHosts: secret && allowedHosts !== undefined && wantsHosts(key) ? allowedHosts : null,
      }));
    const wantsHosts = (key: string) =>
      wanted.some((variable) => variable.key === key && variable.allowedHosts !== undefined);
    if (same(comparable(have), comparable(wanted))) continue;
    for (const { key } of have) store.environmentVariables.delete(id, key);
    for (const variable of wanted) store.environmentVariables.set(id, variable);
    changed = true;
  }
  for (const row of claims.unclaimed()) {
    if (keep.has(row.id)) continue;
    store.environments.delete(row.id);
    changed = true;
  }
  return { ids, changed };
}
