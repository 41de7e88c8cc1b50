import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localPaths } from './data-dir.js';
import { readUiInfo, removeUiInfo, writeUiInfo } from './ui-info.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-ui-info-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const info = { pid: process.pid, url: 'http://127.0.0.1:43210/?session=abc' };

describe('ui.json', () => {
  it('round-trips, readable only by the owner, since the address opens the app', () => {
    writeUiInfo(dir, info);
    expect(readUiInfo(dir)).toEqual(info);
    expect(statSync(localPaths(dir).uiInfoPath).mode & 0o777).toBe(0o600);
  });

  it('reads a file that is not what the app writes as absent', () => {
    writeFileSync(localPaths(dir).uiInfoPath, JSON.stringify({ pid: 1, url: 'http://evil.example/' }));
    expect(readUiInfo(dir)).toBeNull();
  });

  it('is removed only by the process it describes', () => {
    writeUiInfo(dir, { ...info, pid: 1 });
    removeUiInfo(dir);
    expect(readUiInfo(dir)?.pid).toBe(1);
    writeUiInfo(dir, info);
    removeUiInfo(dir);
    expect(readUiInfo(dir)).toBeNull();
  });
});
