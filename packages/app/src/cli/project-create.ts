import { AppError, type ProjectListing } from '@client/core';
import { ensureDataDir } from '@client/local';
import { type NewProject, openStore } from '@client/store';
import type { CliInstall } from './install-location.js';

/**
 * `client project create`: writes through the database directly, beside a running app if there is one;
 * the app's control plane reads the database on every request, so it lists the project at once.
 */
export function createProject(install: CliInstall, input: NewProject): ProjectListing {
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  try {
    const project = store.projects.create(input);
    const listing = store.listProjectSummaries().find((summary) => summary.projectId === project.id);
    if (listing === undefined) throw new AppError('INTERNAL', `project ${project.id} was created but is not listed`);
    return listing;
  } finally {
    store.close();
  }
}
