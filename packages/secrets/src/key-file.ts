import { constants } from 'node:fs';
import { lstat, open, readFile, unlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, refuseUnlessPlainFile, symlinkInDataDir } from '@client/core';
import { decodeDataKey, encodeDataKey } from './data-key.js';

/** The key file in the data dir, used only where no keychain answered when the data dir's key was made. */
export const KEY_FILE_NAME = 'secret-key';

const OWNER_ONLY = 0o600;
/** Windows has no O_NOFOLLOW. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/** Windows has no POSIX modes (the data dir's ACL protects the file there); repairing one would never stick. */
const HAS_POSIX_MODES = process.platform !== 'win32';
/** How long an empty key file may stay empty before it counts as abandoned rather than being written. */
const EMPTY_FILE_GRACE = { polls: 40, intervalMs: 25 };

export interface KeyFileContents {
  key: Buffer;
  /** Something the user should know about the file, e.g. a mode that was repaired; null when all was well. */
  warning: string | null;
}

function isNodeError(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

function modeText(mode: number): string {
  return `0${(mode & 0o777).toString(8)}`;
}

/** Repairs the mode through a descriptor opened without following links: a link swapped in is refused. */
async function chmodWithoutFollowing(path: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    if (isNodeError(error, 'ELOOP')) throw symlinkInDataDir(path);
    throw error;
  }
  try {
    await handle.chmod(OWNER_ONLY);
  } finally {
    await handle.close();
  }
}

/** The file's text, waiting a moment while it is empty: another process may have just created it. */
async function readSettledText(path: string): Promise<string> {
  let text = await readFile(path, 'utf8');
  for (let poll = 0; text.trim() === '' && poll < EMPTY_FILE_GRACE.polls; poll++) {
    await sleep(EMPTY_FILE_GRACE.intervalMs);
    text = await readFile(path, 'utf8');
  }
  return text;
}

/**
 * Reads the key file, repairing a mode looser than 0600. Resolves null when there is no key file, or when the
 * file stays empty: its creation was cut short before the key was written, so nothing was encrypted with it,
 * and it is removed to be made again.
 */
export async function readKeyFile(path: string): Promise<KeyFileContents | null> {
  let mode: number;
  try {
    const kind = await lstat(path);
    refuseUnlessPlainFile(path, kind);
    mode = kind.mode;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isNodeError(error, 'ENOENT')) return null;
    throw new AppError('INTERNAL', `The secrets key file ${path} cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let warning: string | null = null;
  if (HAS_POSIX_MODES && (mode & 0o777 & ~OWNER_ONLY) !== 0) await chmodWithoutFollowing(path);
  if (HAS_POSIX_MODES && (mode & 0o077) !== 0) {
    warning =
      `The secrets key file ${path} was readable by others (mode ${modeText(mode)}); its mode was reset to 0600. ` +
      'Anyone who read it can decrypt the secret values it protects; change those secrets if that matters.';
  }
  const text = await readSettledText(path);
  if (text.trim() === '') {
    await unlink(path);
    return null;
  }
  const key = decodeDataKey(text);
  if (key === null) {
    throw new AppError(
      'INTERNAL',
      `The secrets key file ${path} does not hold a 32-byte key in base64, so secret values cannot be decrypted. ` +
        'Restore it from a backup, or move it away to start over with a new key (saved secrets must then be entered again).',
    );
  }
  return { key, warning };
}

/**
 * Creates the key file exclusively with mode 0600, so that two processes never both write one. Resolves the
 * key actually on disk: the given one, or the one another process created first.
 */
export async function createKeyFile(path: string, key: Buffer): Promise<KeyFileContents> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, OWNER_ONLY);
  } catch (error) {
    if (isNodeError(error, 'EEXIST')) {
      const existing = await readKeyFile(path);
      if (existing) return existing;
      return createKeyFile(path, key);
    }
    throw new AppError('INTERNAL', `The secrets key file ${path} cannot be created: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    // The process umask can only narrow the mode given to open; set it explicitly all the same.
    if (HAS_POSIX_MODES) await handle.chmod(OWNER_ONLY);
    await handle.writeFile(`${encodeDataKey(key)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { key, warning: null };
}
