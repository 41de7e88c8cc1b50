import type { ProjectListing } from '@client/core';
import { ensureDataDir } from '@client/local';
import { openStore } from '@client/store';
import type { CliInstall } from './install-location.js';

/**
 * `client project list`: reads the database directly. WAL and the busy timeout make this safe while the
 * app runs.
 */
export function listProjects(install: CliInstall): ProjectListing[] {
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  try {
    return store.listProjectSummaries();
  } finally {
    store.close();
  }
}
