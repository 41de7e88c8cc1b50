import { readFileSync, writeFileSync } from 'node:fs';
import { AppError, isAppError } from '@client/core';
import { ensureDataDir } from '@client/local';
import { openSecretBox } from '@client/secrets';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupData,
  openStore,
  type RestoreSummary,
  readBackup,
  restoreBackup,
} from '@client/store';
import { type BackupFile, backupCounts, sealBackup, unseal } from '../collections/backup-file.js';
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

function readBackupFile(path: string): BackupFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new AppError('VALIDATION', `${path} is not a readable backup: ${(error as Error).message}`);
  }
  const file = parsed as Partial<BackupFile> | null;
  if (file?.format !== BACKUP_FORMAT || !Array.isArray(file.projects)) {
    throw new AppError('VALIDATION', `${path} is not a Client backup (made by client backup)`);
  }
  if (file.version !== BACKUP_VERSION) {
    throw new AppError(
      'VALIDATION',
      `${path} is backup version ${String(file.version)}; this Client reads version ${BACKUP_VERSION}`,
    );
  }
  return file as BackupFile;
}

/** `client restore`: the backup's projects as new projects (new ids), in one transaction. */
export async function restoreFromBackup(
  install: CliInstall,
  path: string,
  passphrase: string | null,
): Promise<RestoreSummary> {
  const file = readBackupFile(path);
  const secrets =
    file.secrets !== null && file.secrets !== undefined && passphrase !== null ? unseal(file.secrets, passphrase) : [];
  ensureDataDir(install.dataDir);
  const box = secrets.length > 0 ? await openSecretBox({ dataDir: install.dataDir, flavor: install.flavor }) : null;
  const store = openStore(install.databasePath);
  try {
    return restoreBackup(store, file, (project, environment, key) => {
      const found = secrets.find(
        (secret) => secret.project === project && secret.environment === environment && secret.key === key,
      );
      return found === undefined || box === null ? undefined : box.encrypt(found.value);
    });
  } catch (error) {
    if (isAppError(error)) throw new AppError(error.code, `${error.message}; nothing was restored`);
    throw new AppError('VALIDATION', `${path} is damaged (${(error as Error).message}); nothing was restored`);
  } finally {
    await store.close();
  }
}
