import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Flavor } from '@client/core';

/**
 * `app-state.json` in the data dir: what the running app knows about itself that `agent.json` cannot
 * say — above all why its control plane is down — so `client status` can tell a person. Written at start,
 * removed on clean exit; a file whose pid is no longer running is stale and ignored.
 */
export interface AppState {
  pid: number;
  startedAt: string;
  version: string;
  flavor: Flavor;
  controlPlane: { running: boolean; port: number | null; reason: string | null };
}

export function appStatePath(dataDir: string): string {
  return join(dataDir, 'app-state.json');
}

export function writeAppState(dataDir: string, state: AppState): void {
  const path = appStatePath(dataDir);
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(temp, path);
}

function isAppState(value: unknown): value is AppState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<AppState>;
  return Number.isInteger(state.pid) && typeof state.controlPlane === 'object' && state.controlPlane !== null;
}

export function readAppState(dataDir: string): AppState | null {
  try {
    const value: unknown = JSON.parse(readFileSync(appStatePath(dataDir), 'utf8'));
    return isAppState(value) ? value : null;
  } catch {
    return null;
  }
}

/** Removes the file if it still describes this process, so a newer instance's file survives. */
export function removeAppState(dataDir: string, pid: number = process.pid): void {
  if (readAppState(dataDir)?.pid !== pid) return;
  try {
    unlinkSync(appStatePath(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
