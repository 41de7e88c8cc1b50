import { AppError, type CollectionFormat, type ImportPlan } from '@client/core';
import { ensureDataDir } from '@client/local';
import { openSecretBox } from '@client/secrets';
import { applyImportPlan, type ImportSummary, type MergeMode, openStore, type Store } from '@client/store';
import { readCollection } from '../collections/read-collection.js';
import { isLinkedFolder } from '../linked/link-project.js';
import { projectFromFolder } from '../linked/project-from-folder.js';
import type { CliInstall } from './install-location.js';

export interface CollectionImportInput {
  source: string;
  project?: string;
  format?: CollectionFormat | 'auto';
  onMatch?: MergeMode;
  dryRun: boolean;
}

/** A project named by id, or by name when exactly one project has that name (case aside). */
export function resolveProject(store: Store, idOrName: string): string {
  if (store.projects.get(idOrName) !== undefined) return idOrName;
  const named = store.projects.list().filter((project) => project.name.toLowerCase() === idOrName.toLowerCase());
  const [only] = named;
  if (only !== undefined && named.length === 1) return only.id;
  if (named.length > 1) {
    throw new AppError(
      'VALIDATION',
      `several projects are named ${idOrName}; pass the id of one: ${named.map((p) => p.id).join(', ')}`,
    );
  }
  throw new AppError('NOT_FOUND', `no project ${idOrName}; list them with client project list`);
}

const hasSecrets = (plan: ImportPlan): boolean =>
  plan.environments.some((environment) => environment.variables.some((variable) => variable.secret));

/**
 * `client import`: reads and plans the collection before the database is opened, then writes it in one
 * transaction beside a running app (which notices the commit and shows the new data).
 */
export async function importCollection(
  install: CliInstall,
  input: CollectionImportInput,
): Promise<ImportSummary & { dryRun: boolean }> {
  if (isLinkedFolder(input.source)) return importLinkedFolder(install, input);
  const plan = await readCollection(input.source, input.format === undefined ? {} : { format: input.format });
  ensureDataDir(install.dataDir);
  const box =
    hasSecrets(plan) && !input.dryRun
      ? await openSecretBox({ dataDir: install.dataDir, flavor: install.flavor })
      : null;
  const store = openStore(install.databasePath);
  try {
    const projectId = input.project === undefined ? undefined : resolveProject(store, input.project);
    const summary = applyImportPlan(store, plan, {
      ...(projectId === undefined ? {} : { projectId }),
      ...(input.onMatch === undefined ? {} : { onMatch: input.onMatch }),
      dryRun: input.dryRun,
      ...(box === null ? {} : { sealSecret: (plain: string) => box.encrypt(plain) }),
    });
    return { ...summary, dryRun: input.dryRun };
  } finally {
    await store.close();
  }
}

/** Rolls a dry run's transaction back with what it would have done. */
class DryRun extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

/**
 * A linked project's folder imported as a new project of its own, not linked: a copy of what the files say now
 * (`client project open` links the folder instead). Files that do not parse are skipped and named in `warnings`.
 */
function importLinkedFolder(install: CliInstall, input: CollectionImportInput): ImportSummary & { dryRun: boolean } {
  if (input.project !== undefined || input.onMatch !== undefined) {
    throw new AppError(
      'VALIDATION',
      `${input.source} is a linked project's folder, imported as a new project; leave out --project and --on-match`,
    );
  }
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  try {
    const run = (): ImportSummary => {
      const made = projectFromFolder(store, input.source);
      return {
        projectId: made.projectId,
        projectName: made.name,
        createdProject: true,
        created: made.counts,
        updated: { endpoints: 0, variables: 0 },
        skipped: [],
        warnings: made.problems.map(
          ({ file, line, message }) => `${file}${line === undefined ? '' : `:${line}`}: ${message}`,
        ),
      };
    };
    if (!input.dryRun) return { ...run(), dryRun: false };
    try {
      store.transaction(() => {
        throw new DryRun(run());
      });
    } catch (error) {
      if (error instanceof DryRun) return { ...error.summary, projectId: null, dryRun: true };
      throw error;
    }
    throw new AppError('INTERNAL', 'the dry run of the import ended without its summary');
  } finally {
    void store.close();
  }
}
