import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';

function writeTemp(path: string, content: string, mode: number): string {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (error) {
    // A full disk fails the write after the file was made: leave no empty temp file behind.
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  return temp;
}

/** Replaces `path` in one step: readers see the old content or the new, never a half-written file. */
export function writeFileAtomic(path: string, content: string, mode: number): void {
  const temp = writeTemp(path, content, mode);
  try {
    renameSync(temp, path);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
}

/**
 * Creates `path` with its whole content only if it does not exist yet (hard-linking a complete temp file
 * is both exclusive and atomic). Returns false when the file already existed.
 */
export function createFileExclusive(path: string, content: string, mode: number): boolean {
  const temp = writeTemp(path, content, mode);
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}
