import { readFileSync, unlinkSync } from 'node:fs';
import { writeFileAtomic } from './atomic-file.js';

/** Writes `value` as JSON in one step, readable only by the owner. */
export function writeJsonFile(path: string, value: unknown): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, 0o600);
}

/** The file's JSON when it is there and passes `isValid`, else null: these files are hints, never trusted blindly. */
export function readJsonFile<T>(path: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Removes a file a running process wrote about itself, but only while it still names `pid`: a newer
 * instance that replaced it keeps its file.
 */
export function removeJsonFileOf(
  path: string,
  pid: number,
  isValid: (value: unknown) => value is { pid: number },
): void {
  if (readJsonFile(path, isValid)?.pid !== pid) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
