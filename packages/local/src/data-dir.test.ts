import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureDataDir, localPaths, resolveDataDir } from './data-dir.js';

describe('resolveDataDir', () => {
  const home = '/home/ada';

  it('uses ~/.local/share/Client-dev on Linux for development builds', () => {
    expect(resolveDataDir({ env: {}, platform: 'linux', home })).toBe('/home/ada/.local/share/Client-dev');
  });

  it('uses Client for the release flavor and honours CLIENT_FLAVOR', () => {
    expect(resolveDataDir({ env: {}, platform: 'linux', home, flavor: 'release' })).toBe(
      '/home/ada/.local/share/Client',
    );
    expect(resolveDataDir({ env: { CLIENT_FLAVOR: 'release' }, platform: 'linux', home })).toBe(
      '/home/ada/.local/share/Client',
    );
  });

  it('follows an absolute XDG_DATA_HOME and ignores a relative one', () => {
    expect(resolveDataDir({ env: { XDG_DATA_HOME: '/data/xdg' }, platform: 'linux', home })).toBe(
      '/data/xdg/Client-dev',
    );
    expect(resolveDataDir({ env: { XDG_DATA_HOME: 'rel/xdg' }, platform: 'linux', home })).toBe(
      '/home/ada/.local/share/Client-dev',
    );
  });

  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(resolveDataDir({ env: {}, platform: 'darwin', home, flavor: 'release' })).toBe(
      '/home/ada/Library/Application Support/Client',
    );
    expect(
      resolveDataDir({
        env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' },
        platform: 'win32',
        home,
        flavor: 'release',
      }),
    ).toBe('C:\\Users\\ada\\AppData\\Roaming\\Client');
  });

  it('lets an absolute CLIENT_DATA_DIR override OS and flavor', () => {
    expect(
      resolveDataDir({ env: { CLIENT_DATA_DIR: '/tmp/x', CLIENT_FLAVOR: 'release' }, platform: 'darwin', home }),
    ).toBe('/tmp/x');
  });

  it('refuses a relative CLIENT_DATA_DIR and an unknown CLIENT_FLAVOR with VALIDATION', () => {
    expect(() => resolveDataDir({ env: { CLIENT_DATA_DIR: 'data' } })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('absolute path') }),
    );
    expect(() => resolveDataDir({ env: { CLIENT_FLAVOR: 'beta' }, platform: 'linux', home })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('"release" or "dev"') }),
    );
  });
});

describe('ensureDataDir', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'client-local-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('creates the directory and its parents with mode 0700', () => {
    const dir = join(scratch, 'a', 'b', 'Client-dev');
    ensureDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('tightens an existing directory that others can enter', () => {
    const dir = join(scratch, 'open');
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    ensureDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('names the files of the data dir', () => {
    expect(localPaths('/d')).toEqual({
      dataDir: '/d',
      tokenPath: '/d/agent-token',
      agentInfoPath: '/d/agent.json',
      appStatePath: '/d/app-state.json',
      uiInfoPath: '/d/ui.json',
      databasePath: '/d/client.db',
      lockPath: '/d/client.lock',
    });
  });
});
