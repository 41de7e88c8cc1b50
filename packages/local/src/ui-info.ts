import { localPaths } from './data-dir.js';
import { readJsonFile, removeJsonFileOf, writeJsonFile } from './json-file.js';

/**
 * `ui.json`: the running app's UI address, session secret included, so a second `client` start can open
 * a window on it. Owner-only (the address opens the app), written at start, removed on clean exit.
 */
export interface UiInfo {
  pid: number;
  /** `http://127.0.0.1:<port>/?session=<secret>`. */
  url: string;
}

function isUiInfo(value: unknown): value is UiInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return Number.isInteger(info.pid) && typeof info.url === 'string' && info.url.startsWith('http://127.0.0.1:');
}

export function writeUiInfo(dataDir: string, info: UiInfo): void {
  writeJsonFile(localPaths(dataDir).uiInfoPath, info);
}

/** The running app's UI address, or null when the file is missing or not what the app writes. */
export function readUiInfo(dataDir: string): UiInfo | null {
  return readJsonFile(localPaths(dataDir).uiInfoPath, isUiInfo);
}

/** Removes the file if it still describes process `pid`, so a newer instance's file survives. */
export function removeUiInfo(dataDir: string, pid: number = process.pid): void {
  removeJsonFileOf(localPaths(dataDir).uiInfoPath, pid, isUiInfo);
}
