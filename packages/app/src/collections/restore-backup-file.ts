import { AppError, isAppError } from '@client/core';
import type { SecretBox } from '@client/secrets';
import { BACKUP_FORMAT, BACKUP_VERSION, type RestoreSummary, restoreBackup, type Store } from '@client/store';
import { type BackupFile, unseal } from './backup-file.js';

/** A backup file's text, checked to be one this Client made and reads; `label` names it in messages. */
export function parseBackupFile(text: string, label: string): BackupFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AppError('VALIDATION', `${label} is not a readable backup: ${(error as Error).message}`);
  }
  const file = parsed as Partial<BackupFile> | null;
  if (file?.format !== BACKUP_FORMAT || !Array.isArray(file.projects)) {
    throw new AppError('VALIDATION', `${label} is not a Client backup (made by client backup or Back up all projects)`);
  }
  if (file.version !== BACKUP_VERSION) {
    throw new AppError(
      'VALIDATION',
      `${label} is backup version ${String(file.version)}; this Client reads version ${BACKUP_VERSION}`,
    );
  }
  return file as BackupFile;
}

/**
 * Restores a backup's projects as new projects (new ids) in one transaction. Its secret values are restored
 * only with the passphrase they were sealed with, encrypted again with this data dir's key; without it they
 * stay empty and the summary says which.
 */
export async function restoreBackupFile(
  store: Store,
  file: BackupFile,
  passphrase: string | null,
  openBox: () => Promise<SecretBox>,
  label: string,
): Promise<RestoreSummary> {
  const secrets =
    file.secrets !== null && file.secrets !== undefined && passphrase !== null ? unseal(file.secrets, passphrase) : [];
  const box = secrets.length > 0 ? await openBox() : null;
  try {
    return restoreBackup(store, file, (project, environment, key) => {
      const found = secrets.find(
        (secret) => secret.project === project && secret.environment === environment && secret.key === key,
      );
      return found === undefined || box === null ? undefined : box.encrypt(found.value);
    });
  } catch (error) {
    if (isAppError(error)) throw new AppError(error.code, `${error.message}; nothing was restored`);
    throw new AppError('VALIDATION', `${label} is damaged (${(error as Error).message}); nothing was restored`);
  }
}
