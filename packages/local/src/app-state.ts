import type { Flavor } from '@client/core';
import { localPaths } from './data-dir.js';
import { readJsonFile, removeJsonFileOf, writeJsonFile } from './json-file.js';

/**
 * `app-state.json`: what the running app knows about itself that `agent.json` cannot say — above all why
 * its control plane is down — so `client status` can tell a person. Written at start, removed on clean
 * exit; a file whose pid is no longer running is stale.
 */
export interface AppState {
  pid: number;
  startedAt: string;
  version: string;
  flavor: Flavor;
  controlPlane: { running: boolean; port: number | null; reason: string | null };
}

function isAppState(value: unknown): value is AppState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<AppState>;
  return Number.isInteger(state.pid) && typeof state.controlPlane === 'object' && state.controlPlane !== null;
}

export function writeAppState(dataDir: string, state: AppState): void {
  writeJsonFile(localPaths(dataDir).appStatePath, state);
}

export function readAppState(dataDir: string): AppState | null {
  return readJsonFile(localPaths(dataDir).appStatePath, isAppState);
}

/** Removes the file if it still describes process `pid`, so a newer instance's file survives. */
export function removeAppState(dataDir: string, pid: number = process.pid): void {
  removeJsonFileOf(localPaths(dataDir).appStatePath, pid, isAppState);
}
