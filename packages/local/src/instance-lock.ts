import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { AppError } from '@client/core';
import { createFileExclusive } from './atomic-file.js';
import { localPaths } from './data-dir.js';
import { isProcessAlive, processStartTicks } from './process-liveness.js';

export interface LockHolder {
  pid: number;
  startedAt: string;
}

export interface InstanceLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

export type LockResult = { acquired: true; lock: InstanceLock } | { acquired: false; holder: LockHolder };

interface LockRecord extends LockHolder {
  /** Kernel start time of the holder, so a recycled pid is not mistaken for the holder. */
  startTicks: string | null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseRecord(text: string): LockRecord | null {
  try {
    const value = JSON.parse(text) as Partial<LockRecord>;
    if (!Number.isInteger(value.pid) || typeof value.startedAt !== 'string') return null;
    return { pid: value.pid as number, startedAt: value.startedAt, startTicks: value.startTicks ?? null };
  } catch {
    return null;
  }
}

function holderIsAlive(record: LockRecord): boolean {
  if (!isProcessAlive(record.pid)) return false;
  const ticks = processStartTicks(record.pid);
  return record.startTicks === null || ticks === null || ticks === record.startTicks;
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Moves a stale lock aside so exactly one contender removes it. If what got moved is not the stale
 * file that was examined (another process replaced it meanwhile), it is put back untouched.
 */
function clearStaleLock(path: string, staleText: string): void {
  const aside = `${path}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readText(aside) !== staleText) {
    try {
      linkSync(aside, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  unlinkIfPresent(aside);
}

/**
 * One app instance per data dir. The lock is a file naming the holder's pid; a holder that is no longer
 * running (a crash, SIGKILL) leaves a stale file that the next start clears.
 */
export function acquireInstanceLock(dataDir: string): LockResult {
  const path = localPaths(dataDir).lockPath;
  const record: LockRecord = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    startTicks: processStartTicks(process.pid),
  };
  const text = `${JSON.stringify(record)}\n`;
  for (let attempt = 0; attempt < 8; attempt++) {
    if (createFileExclusive(path, text, 0o600)) {
      const release = (): void => {
        if (readText(path) === text) unlinkIfPresent(path);
      };
      return { acquired: true, lock: { path, release } };
    }
    const existingText = readText(path);
    if (existingText === null) continue;
    const existing = parseRecord(existingText);
    if (existing !== null && holderIsAlive(existing)) {
      return { acquired: false, holder: { pid: existing.pid, startedAt: existing.startedAt } };
    }
    clearStaleLock(path, existingText);
  }
  throw new AppError('INTERNAL', `could not take the instance lock ${path}; another start keeps replacing it — retry`);
}
