import { readFileSync, writeFileSync } from 'node:fs';
import { AppError } from '@client/core';
import { ensureDataDir } from '@client/local';
import { openSecretBox } from '@client/secrets';
import { type BackupData, openStore, type RestoreSummary, readBackup } from '@client/store';
import { backupCounts, sealBackup } from '../collections/backup-file.js';
import { parseBackupFile, restoreBackupFile } from '../collections/restore-backup-file.js';
import type { CliInstall } from './install-location.js';

/**
 * `client backup`: every project, environment and history entry to one JSON file (mode 0600). Secret values are
 * left out unless a passphrase is given, and then written only encrypted with it.
 */
export async function writeBackup(install: CliInstall, out: string, passphrase: string | null) {
  const store = openStore(install.databasePath);
  let backup: BackupData;
  try {
    backup = readBackup(store);
  } finally {
    await store.close();
  }
  const { file, secrets } = await sealBackup(backup, passphrase, () =>
    openSecretBox({ dataDir: install.dataDir, flavor: install.flavor }),
  );
  writeFileSync(out, `${JSON.stringify(file)}\n`, { mode: 0o600 });
  return { out, ...backupCounts(backup, passphrase, secrets) };
}

/** `client restore`: the backup's projects as new projects (new ids), in one transaction. */
export async function restoreFromBackup(
  install: CliInstall,
  path: string,
  passphrase: string | null,
): Promise<RestoreSummary> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AppError('VALIDATION', `${path} is not a readable backup: ${(error as Error).message}`);
  }
  const file = parseBackupFile(text, path);
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  try {
    return await restoreBackupFile(
      store,
      file,
      passphrase,
      () => openSecretBox({ dataDir: install.dataDir, flavor: install.flavor }),
      path,
    );
  } finally {
    await store.close();
  }
}
