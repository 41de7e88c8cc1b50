import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_NAME, AppError, type Flavor } from '@client/core';
import { decodeDataKey, encodeDataKey, generateDataKey } from './data-key.js';
import { createKeyFile, KEY_FILE_NAME, readKeyFile } from './key-file.js';
import { keyLocationPath, readKeyLocation, recordKeyLocation } from './key-location.js';
import { createSecretCipher } from './secret-cipher.js';
import { type KeychainAccess, type KeychainEntryName, systemKeychain } from './system-keychain.js';

export type KeySource = 'keychain' | 'file';

/** Encrypts and decrypts secret values with the data dir's data key. The key itself is never exposed. */
export interface SecretBox {
  /** Where the data key lives. */
  readonly keySource: KeySource;
  /** One sentence for the UI saying how secrets are protected. */
  readonly description: string;
  /** Something the user should act on (a key file that was readable by others, a key that was lost), or null. */
  readonly warning: string | null;
  /** Why the keychain was not used when it was asked, or null when it answered or was not asked. */
  readonly keychainFailure: string | null;
  /** `enc:v1:<iv>:<tag>:<ciphertext>`; throws `VALIDATION` for a string with an unpaired surrogate. */
  encrypt(plaintext: string): string;
  /** The plaintext; throws `VALIDATION` for anything that is not a value this key encrypted, unaltered. */
  decrypt(value: string): string;
}

export interface OpenSecretBoxOptions {
  dataDir: string;
  flavor: Flavor;
  /** Default: the OS keychain, each call bounded by a timeout (`systemKeychain()`). */
  keychain?: KeychainAccess;
}

/** The keychain account under which the data key is kept. */
export const DATA_KEY_ACCOUNT = 'data-key';

/** The keychain service of a flavor: `Client` for release builds, `Client-dev` for development builds. */
export function keychainService(flavor: Flavor): string {
  return flavor === 'release' ? APP_NAME : `${APP_NAME}-dev`;
}

interface BoxFacts {
  keySource: KeySource;
  description: string;
  warning: string | null;
  keychainFailure: string | null;
}

function sealBox(key: Buffer, facts: BoxFacts): SecretBox {
  const cipher = createSecretCipher(key);
  return Object.freeze({
    ...facts,
    encrypt: (plaintext: string) => cipher.encrypt(plaintext),
    decrypt: (value: string) => cipher.decrypt(value),
  });
}

type Answer<T> = { answered: true; value: T } | { answered: false; failure: string };

async function ask<T>(call: () => Promise<T>): Promise<Answer<T>> {
  try {
    return { answered: true, value: await call() };
  } catch (error) {
    return { answered: false, failure: error instanceof Error ? error.message : String(error) };
  }
}

function entryText(entry: KeychainEntryName): string {
  return `entry "${entry.account}" of service "${entry.service}"`;
}

/** The key from the keychain, made and stored there first when the entry does not exist yet. */
async function keyFromKeychain(
  keychain: KeychainAccess,
  entry: KeychainEntryName,
): Promise<Answer<{ key: Buffer; made: boolean }>> {
  const stored = await ask(() => keychain.getPassword(entry));
  if (!stored.answered) return stored;
  let made = false;
  let text = stored.value;
  if (text === null) {
    made = true;
    const saved = await ask(() => keychain.setPassword(entry, encodeDataKey(generateDataKey())));
    if (!saved.answered) return saved;
    // Reading back proves the keychain kept it, and when another process stored its key at the same moment,
    // both use whichever the keychain kept.
    const kept = await ask(() => keychain.getPassword(entry));
    if (!kept.answered) return kept;
    if (kept.value === null) return { answered: false, failure: 'The system keychain did not keep the new key.' };
    text = kept.value;
  }
  const key = decodeDataKey(text);
  if (key === null) {
    throw new AppError(
      'INTERNAL',
      `The keychain ${entryText(entry)} does not hold a 32-byte key in base64, so secret values cannot be decrypted. ` +
        'Delete that keychain entry to start over with a new key (saved secrets must then be entered again).',
    );
  }
  return { answered: true, value: { key, made } };
}

async function resolveSecretBox(options: OpenSecretBoxOptions): Promise<SecretBox> {
  const { dataDir, flavor } = options;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const keyFilePath = join(dataDir, KEY_FILE_NAME);
  const fileKey = await readKeyFile(keyFilePath);
  if (fileKey) {
    // A key file exists only because no keychain answered when this data dir's key was made; values are
    // encrypted with it, so it stays in use even where a keychain answers now.
    return sealBox(fileKey.key, {
      keySource: 'file',
      description:
        `Secrets are encrypted with a key file at ${keyFilePath}, readable only by you. It was made when no system ` +
        'keychain answered and stays in use, so secrets saved with it remain readable.',
      warning: fileKey.warning,
      keychainFailure: null,
    });
  }

  const recorded = await readKeyLocation(dataDir);
  const entry = recorded ?? { service: keychainService(flavor), account: DATA_KEY_ACCOUNT };
  const fromKeychain = await keyFromKeychain(options.keychain ?? systemKeychain(), entry);
  if (fromKeychain.answered) {
    const { key, made } = fromKeychain.value;
    if (!recorded) await recordKeyLocation(dataDir, entry);
    return sealBox(key, {
      keySource: 'keychain',
      description: 'Secrets are protected by the system keychain.',
      warning:
        recorded && made
          ? `The system keychain no longer held the key of this data dir (${entryText(entry)}); a new key was made, ` +
            'so secret values saved before cannot be decrypted and must be entered again.'
          : null,
      keychainFailure: null,
    });
  }
  if (recorded) {
    throw new AppError(
      'INTERNAL',
      `The secrets key of ${dataDir} is kept in the system keychain (${entryText(entry)}), but: ` +
        `${fromKeychain.failure} Secret values can be neither read nor saved until the keychain answers: start the ` +
        `app in your desktop session with the keyring unlocked. If that keychain entry is gone for good, delete ` +
        `${keyLocationPath(dataDir)} to start over with a new key.`,
    );
  }
  const created = await createKeyFile(keyFilePath, generateDataKey());
  return sealBox(created.key, {
    keySource: 'file',
    description: `No system keychain answered; secrets are encrypted with a key file at ${keyFilePath}, readable only by you.`,
    warning: created.warning,
    keychainFailure: fromKeychain.failure,
  });
}

/**
 * Opens the secret box of a data dir. Where the data key comes from, in order:
 * 1. a key file `secret-key` in the data dir, when one exists (its mode is repaired to 0600 if looser);
 * 2. the OS keychain (service per flavor, account `data-key`), the key made and stored there when missing;
 *    the data dir then records that its key lives there (`secret-key-location.json`);
 * 3. when the keychain does not answer and the data dir has no such record: a new key file, created
 *    exclusively with mode 0600. With such a record it throws instead, rather than start a second key.
 */
export async function openSecretBox(options: OpenSecretBoxOptions): Promise<SecretBox> {
  try {
    return await resolveSecretBox(options);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'INTERNAL',
      `The secrets key of ${options.dataDir} cannot be opened: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
