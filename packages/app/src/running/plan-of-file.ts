import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@client/core';
import type { SecretBox } from '@client/secrets';
import { applyImportPlan, openStore, type Store } from '@client/store';
import { readCollection } from '../collections/read-collection.js';
import { isLinkedFolder } from '../linked/link-project.js';
import { projectFromFolder } from '../linked/project-from-folder.js';

/**
 * A box for a collection file's own secret values: they were never encrypted, since the file is read into a
 * throwaway database that only this run uses.
 */
const PLAIN: SecretBox = {
  keySource: 'file',
  description: 'the collection file’s own values, kept for this run only',
  warning: null,
  keychainFailure: null,
  encrypt: (plaintext) => plaintext,
  decrypt: (value) => value,
};

/** A collection file, a Bruno folder or a linked project's folder read into a throwaway database, for a run that saves nothing. */
export interface FileCollection {
  store: Store;
  projectId: string;
  secrets(): Promise<SecretBox>;
  close(): Promise<void>;
}

/**
 * Reads a collection file in any format `client import` reads into a database of its own in a private temporary
 * folder (removed on close), so a run of it resolves, inherits and orders exactly as a saved project's would.
 */
export async function openFileCollection(source: string): Promise<FileCollection> {
  // A linked project's folder is read as its files say, with no data dir: what CI runs from a checkout.
  const plan = isLinkedFolder(source) ? null : await readCollection(source);
  const folder = mkdtempSync(join(tmpdir(), 'client-run-'));
  const store = openStore(join(folder, 'client.db'));
  const remove = async () => {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const { projectId } =
      plan === null
        ? projectFromFolder(store, source, { sealSecret: PLAIN.encrypt })
        : applyImportPlan(store, plan, { sealSecret: PLAIN.encrypt });
    if (projectId === null) throw new AppError('INTERNAL', `${source} was read, but no project was made of it`);
    return { store, projectId, secrets: async () => PLAIN, close: remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
