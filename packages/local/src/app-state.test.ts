import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppState, readAppState, removeAppState, writeAppState } from './app-state.js';
import { localPaths } from './data-dir.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-app-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const state: AppState = {
  pid: process.pid,
  startedAt: '2026-01-01T00:00:00.000Z',
  version: '0.1.0',
  flavor: 'dev',
  controlPlane: { running: false, port: null, reason: 'ports 4110–4129 on 127.0.0.1 are all in use' },
};

describe('app-state.json', () => {
  it('round-trips, readable only by the owner', () => {
    writeAppState(dir, state);
    expect(readAppState(dir)).toEqual(state);
    expect(statSync(localPaths(dir).appStatePath).mode & 0o777).toBe(0o600);
  });

  it('replaces an earlier file', () => {
    writeAppState(dir, { ...state, pid: 1 });
    writeAppState(dir, state);
    expect(readAppState(dir)?.pid).toBe(process.pid);
  });

  it('is removed only by the process it describes', () => {
    writeAppState(dir, { ...state, pid: 1 });
    removeAppState(dir);
    expect(readAppState(dir)?.pid).toBe(1);
    writeAppState(dir, state);
    removeAppState(dir);
    expect(readAppState(dir)).toBeNull();
  });
});
