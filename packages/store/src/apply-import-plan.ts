import {
  AppError,
  BASE_URL_VARIABLE,
  type EndpointExample,
  type EndpointScripts,
  type EnvironmentVariable,
  fileReferences,
  type ImportPlan,
  MAX_EXAMPLES,
  type PlannedVariable,
  type SkippedItem,
} from '@client/core';
import type { Store } from './store.js';

/** What a re-import does with an endpoint whose method and path the project already has. */
export const MERGE_MODES = ['update', 'skip', 'duplicate'] as const;
export type MergeMode = (typeof MERGE_MODES)[number];

export interface ApplyImportOptions {
  /** Import into this project; without it a new project is created, named after the collection. */
  projectId?: string;
  /** For endpoints matched on method and path in an existing project; default `update`. */
  onMatch?: MergeMode;
  /** Work out the summary and roll everything back. */
  dryRun?: boolean;
  /** Encrypts a secret environment value (from `@client/secrets`); without it secrets are imported as plain. */
  sealSecret?: (plain: string) => string;
}

export interface ImportSummary {
  /** Null on a dry run that would create the project. */
  projectId: string | null;
  projectName: string;
  createdProject: boolean;
  created: { folders: number; endpoints: number; environments: number };
  updated: { endpoints: number; variables: number };
  skipped: SkippedItem[];
  warnings: string[];
}

/** Thrown inside the transaction to roll a dry run back; never leaves `applyImportPlan`. */
class DryRunRollback extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

const matchKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

function uniqueProjectName(store: Store, name: string): string {
  const taken = new Set(store.projects.list().map((project) => project.name.toLowerCase()));
  let chosen = name;
  for (let n = 2; taken.has(chosen.toLowerCase()); n++) chosen = `${name} (${n})`;
  return chosen;
}

function writeEnvironments(
  store: Store,
  projectId: string,
  plan: ImportPlan,
  options: ApplyImportOptions,
  summary: ImportSummary,
): void {
  const existing = new Map(
    store.environments.list(projectId).map((environment) => [environment.name.toLowerCase(), environment]),
  );
  for (const planned of plan.environments) {
    let environment = existing.get(planned.name.toLowerCase());
    if (environment === undefined) {
      environment = store.environments.create({ projectId, name: planned.name });
      existing.set(planned.name.toLowerCase(), environment);
      summary.created.environments += 1;
    }
    const current = new Map(
      store.environmentVariables.list(environment.id).map((variable) => [variable.key, variable] as const),
    );
    const keys = new Set(current.keys());
    for (const variable of planned.variables) {
      const had = current.get(variable.key);
      // The same plain value again is neither news nor a conflict.
      if (had !== undefined && !had.secret && !variable.secret && had.value === variable.value) continue;
      if (keys.has(variable.key) && (options.onMatch ?? 'update') !== 'update') {
        summary.skipped.push({
          item: `${planned.name} / ${variable.key}`,
          reason: 'the environment already has this variable; its value is kept',
        });
        continue;
      }
      if (keys.has(variable.key)) summary.updated.variables += 1;
      store.environmentVariables.set(environment.id, sealed(variable, options, summary));
      keys.add(variable.key);
    }
    giveNewSecretsTheirDefaultHosts(store, environment.id, current);
  }
}

/**
 * A secret the import made gets the project's base URL hosts as they are once the whole environment is written,
 * so a base_url listed after the secret counts too. A secret that was there keeps its list.
 */
function giveNewSecretsTheirDefaultHosts(
  store: Store,
  environmentId: string,
  before: ReadonlyMap<string, EnvironmentVariable>,
): void {
  const made = store.environmentVariables
    .list(environmentId)
    .filter((variable) => variable.secret && before.get(variable.key)?.secret !== true);
  if (made.length === 0) return;
  const allowedHosts = store.environmentVariables.defaultHosts(environmentId);
  for (const { environmentId: _e, ...variable } of made) {
    store.environmentVariables.set(environmentId, { ...variable, allowedHosts });
  }
}

function sealed(variable: PlannedVariable, options: ApplyImportOptions, summary: ImportSummary): PlannedVariable {
  if (!variable.secret) return variable;
  if (options.sealSecret !== undefined) return { ...variable, value: options.sealSecret(variable.value) };
  summary.warnings.push(`the secret ${variable.key} was imported as a plain value; mark it secret in Environments`);
  return { ...variable, secret: false };
}

/**
 * Whether the collection's scripts replace the ones a project or folder already has: a new one takes them, an
 * existing one without scripts too, one with its own only when matches are updated.
 */
function takesScripts(
  current: EndpointScripts | undefined,
  options: ApplyImportOptions,
  summary: ImportSummary,
  item: string,
): boolean {
  if (current === undefined || (options.onMatch ?? 'update') === 'update') return true;
  summary.skipped.push({ item, reason: 'it already has scripts of its own; they are kept' });
  return false;
}

function writeFolders(
  store: Store,
  projectId: string,
  plan: ImportPlan,
  options: ApplyImportOptions,
  summary: ImportSummary,
): Map<string, string> {
  const ids = new Map<string, string>();
  const existing = store.folders.list(projectId);
  const descriptions = new Map(
    plan.folderDescriptions.map(({ path, description }) => [JSON.stringify(path), description]),
  );
  const scripts = new Map(plan.folderScripts.map((planned) => [JSON.stringify(planned.path), planned.scripts]));
  for (const path of plan.folders) {
    const parentId = path.length === 1 ? null : (ids.get(JSON.stringify(path.slice(0, -1))) ?? null);
    const name = path[path.length - 1] ?? '';
    const found = existing.find((folder) => folder.parentId === parentId && folder.name === name);
    const description = descriptions.get(JSON.stringify(path)) ?? '';
    const id = found?.id ?? store.folders.create({ projectId, name, parentId, description }).id;
    if (found === undefined) summary.created.folders += 1;
    ids.set(JSON.stringify(path), id);
    const planned = scripts.get(JSON.stringify(path));
    const current = found === undefined ? undefined : store.scripts.ofFolder(id);
    if (planned !== undefined && takesScripts(current, options, summary, `scripts of folder ${path.join(' / ')}`)) {
      store.scripts.setFolder(id, planned);
    }
  }
  return ids;
}

/**
 * The examples an updated endpoint keeps: the collection's, and after them the ones it already had under other
 * names (saved from responses, written by the person), as many as an endpoint holds.
 */
function mergedExamples(
  imported: EndpointExample[] | undefined,
  kept: EndpointExample[] | undefined,
): { examples?: EndpointExample[] } {
  if (imported === undefined) return {};
  const names = new Set(imported.map((example) => example.name));
  const others = (kept ?? []).filter((example) => !names.has(example.name));
  return { examples: [...imported, ...others].slice(0, MAX_EXAMPLES) };
}

function writeEndpoints(
  store: Store,
  projectId: string,
  plan: ImportPlan,
  folderIds: Map<string, string>,
  options: ApplyImportOptions,
  summary: ImportSummary,
): void {
  const onMatch = options.onMatch ?? 'update';
  const existing = new Map(
    store.endpoints.list(projectId).map((endpoint) => [matchKey(endpoint.method, endpoint.path), endpoint]),
  );
  for (const { folder, draft } of plan.endpoints) {
    const match = existing.get(matchKey(draft.method, draft.path));
    if (match !== undefined && onMatch === 'skip') {
      summary.skipped.push({
        item: `${draft.method} ${draft.path}`,
        reason: 'the project already has an endpoint with this method and path',
      });
      continue;
    }
    if (match !== undefined && onMatch === 'update') {
      const { state: _state, ...changes } = draft;
      store.endpoints.update(match.id, { ...changes, ...mergedExamples(draft.examples, match.examples) });
      // The collection now chooses the files this endpoint uploads; a yes given to the old body does not cover them.
      store.unconfirmedUploads.add(match.id, fileReferences(draft.body));
      summary.updated.endpoints += 1;
      continue;
    }
    const folderId = folder.length === 0 ? null : (folderIds.get(JSON.stringify(folder)) ?? null);
    const endpoint = store.endpoints.create(projectId, folderId, draft);
    // Whoever wrote the collection chose these files; the person has not seen them yet.
    store.unconfirmedUploads.add(endpoint.id, fileReferences(draft.body));
    summary.created.endpoints += 1;
  }
}

/**
 * Writes an import plan in one transaction: the project (new, or the one asked for), its `base_url` and
 * variables, folders, endpoints (merged on method and path into an existing project) and environments.
 * Any failure leaves nothing behind; a dry run rolls back and reports what it would have done.
 */
export function applyImportPlan(store: Store, plan: ImportPlan, options: ApplyImportOptions = {}): ImportSummary {
  try {
    return store.transaction(() => {
      const summary: ImportSummary = {
        projectId: null,
        projectName: '',
        createdProject: false,
        created: { folders: 0, endpoints: 0, environments: 0 },
        updated: { endpoints: 0, variables: 0 },
        skipped: [...plan.skipped],
        warnings: [...plan.warnings],
      };
      let project = options.projectId === undefined ? undefined : store.projects.get(options.projectId);
      if (options.projectId !== undefined && project === undefined) {
        throw new AppError('NOT_FOUND', `no project "${options.projectId}"; list them with client project list`);
      }
      if (project === undefined && plan.kind === 'environment') {
        throw new AppError(
          'VALIDATION',
          `"${plan.name}" is an environment, not a collection: import it into an existing project (choose the project, or pass --project <id|name>)`,
        );
      }
      if (project === undefined) {
        project = store.projects.create({ name: uniqueProjectName(store, plan.name), description: plan.description });
        summary.createdProject = true;
      }
      summary.projectId = project.id;
      summary.projectName = project.name;
      const currentBase = store.variables.get(project.id, BASE_URL_VARIABLE);
      if (plan.baseUrl !== null && currentBase === undefined)
        store.variables.set(project.id, BASE_URL_VARIABLE, plan.baseUrl);
      else if (plan.baseUrl !== null && currentBase !== plan.baseUrl) {
        summary.warnings.push(
          `the project's base_url stays ${currentBase}; the collection says ${plan.baseUrl} (an environment can set base_url to it)`,
        );
      }
      for (const { key, value, enabled } of plan.variables) {
        if (store.variables.get(project.id, key) === undefined) store.variables.set(project.id, key, value, enabled);
      }
      if (
        plan.scripts !== undefined &&
        takesScripts(store.scripts.ofProject(project.id), options, summary, `scripts of project ${project.name}`)
      ) {
        store.scripts.setProject(project.id, plan.scripts);
      }
      const folderIds = writeFolders(store, project.id, plan, options, summary);
      writeEndpoints(store, project.id, plan, folderIds, options, summary);
      writeEnvironments(store, project.id, plan, options, summary);
      if (options.dryRun === true) {
        throw new DryRunRollback({ ...summary, projectId: summary.createdProject ? null : summary.projectId });
      }
      return summary;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.summary;
    throw error;
  }
}
