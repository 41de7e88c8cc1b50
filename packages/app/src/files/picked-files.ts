import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, type PickedFile } from '@client/core';
import { isRealDirectory } from './real-directory.js';

/** The largest file a picker hands over; the sender reads a body file whole, so this bounds its memory too. */
export const PICKED_FILE_LIMIT = 100 * 1024 * 1024;

/** What cannot stay in a file name: path separators and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const UNSAFE_IN_NAME = /[/\\\u0000-\u001f\u007f]/g;

/** A file name that stays one name in every file system: no separators or control characters, not empty. */
function safeName(name: string): string {
  const cleaned = name.replace(UNSAFE_IN_NAME, '_').trim().slice(0, 200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
}

/** A 0700 folder made if missing; one that is a link (or not a folder) is refused. */
function privateFolder(path: string): void {
  if (lstatSync(path, { throwIfNoEntry: false }) === undefined) mkdirSync(path, { mode: 0o700 });
  if (!isRealDirectory(path)) {
    throw new AppError('INTERNAL', `${path} is not a folder of its own (a link?); remove it and pick the file again`);
  }
}

/**
 * Keeps a picked file's bytes under `<dir>/<sha-256>/<name>` (folder 0700, file 0600) and returns its path. A
 * page cannot learn a picked file's path, so the app sends this copy; the same bytes picked again reuse it.
 */
export function keepPickedFile(dir: string, name: string, bytes: Buffer): PickedFile {
  const folder = join(dir, createHash('sha256').update(bytes).digest('hex'));
  const kept = safeName(name);
  const path = join(folder, kept);
  // Made one level at a time, each checked: nothing is written through a link put in the data dir.
  privateFolder(dir);
  privateFolder(folder);
  const existing = lstatSync(path, { throwIfNoEntry: false });
  if (existing === undefined) writeFileSync(path, bytes, { mode: 0o600, flag: 'wx' });
  else if (!existing.isFile() || existing.size !== bytes.length) {
    throw new AppError('INTERNAL', `${path} is in the way of a picked file; remove it and pick the file again`);
  }
  return { path, name: kept, size: bytes.length };
}
