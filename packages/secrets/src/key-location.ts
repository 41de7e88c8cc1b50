import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@client/core';
import type { KeychainEntryName } from './system-keychain.js';

/**
 * Records in the data dir that its key lives in the keychain, and under which entry. Without it, a start where
 * the keychain does not answer (an SSH session with no D-Bus, a locked keyring) could not tell a data dir whose
 * values were encrypted with a keychain key from a fresh one, and would make a second key beside the first.
 */
export const KEY_LOCATION_FILE_NAME = 'secret-key-location.json';

interface KeyLocationRecord {
  keySource: 'keychain';
  service: string;
  account: string;
}

export function keyLocationPath(dataDir: string): string {
  return join(dataDir, KEY_LOCATION_FILE_NAME);
}

export async function readKeyLocation(dataDir: string): Promise<KeychainEntryName | null> {
  const path = keyLocationPath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let record: Partial<KeyLocationRecord> = {};
  try {
    record = JSON.parse(text) as Partial<KeyLocationRecord>;
  } catch {
    // Reported below like any other record that does not name an entry.
  }
  if (
    record?.keySource !== 'keychain' ||
    typeof record.service !== 'string' ||
    record.service === '' ||
    typeof record.account !== 'string' ||
    record.account === ''
  ) {
    throw new AppError(
      'INTERNAL',
      `${path} does not name a keychain entry; it should read {"keySource":"keychain","service":"<service>","account":"<account>"}. ` +
        'Correct it, or delete it if this data dir holds no secret values encrypted with a keychain key.',
    );
  }
  return { service: record.service, account: record.account };
}

/** Written whole under a temporary name and renamed into place, so a crash never leaves half a record. */
export async function recordKeyLocation(dataDir: string, entry: KeychainEntryName): Promise<void> {
  const path = keyLocationPath(dataDir);
  const record: KeyLocationRecord = { keySource: 'keychain', service: entry.service, account: entry.account };
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(record)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, path);
}
