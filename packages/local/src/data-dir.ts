import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, win32 } from 'node:path';
import { APP_NAME, AppError, type Flavor } from '@client/core';
import { resolveFlavor } from './flavor.js';

export interface DataDirOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
  flavor?: Flavor;
}

/** Release installs use `Client`; development builds use `Client-dev` so the two never share data. */
export function dataDirName(flavor: Flavor): string {
  return flavor === 'release' ? APP_NAME : `${APP_NAME}-dev`;
}

/** Where the app and client-mcp keep their files, by OS and flavor; `CLIENT_DATA_DIR` overrides both. */
export function resolveDataDir(options: DataDirOptions = {}): string {
  const env = options.env ?? process.env;
  const override = env.CLIENT_DATA_DIR;
  if (override !== undefined && override !== '') {
    if (!isAbsolute(override)) {
      throw new AppError('VALIDATION', `CLIENT_DATA_DIR must be an absolute path, not "${override}"`);
    }
    return override;
  }
  const name = dataDirName(options.flavor ?? resolveFlavor(env));
  const home = options.home ?? homedir();
  switch (options.platform ?? process.platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', name);
    case 'win32':
      return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), name);
    default: {
      // The XDG base-directory rule: a relative XDG_DATA_HOME is invalid and must be ignored.
      const xdg = env.XDG_DATA_HOME;
      return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.local', 'share'), name);
    }
  }
}

/** Creates the data dir (and parents) and makes sure only its owner can enter it. */
export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32' && (statSync(dataDir).mode & 0o077) !== 0) chmodSync(dataDir, 0o700);
}

export interface LocalPaths {
  dataDir: string;
  tokenPath: string;
  agentInfoPath: string;
  appStatePath: string;
  uiInfoPath: string;
  databasePath: string;
  lockPath: string;
}

export function localPaths(dataDir: string): LocalPaths {
  return {
    dataDir,
    tokenPath: join(dataDir, 'agent-token'),
    agentInfoPath: join(dataDir, 'agent.json'),
    appStatePath: join(dataDir, 'app-state.json'),
    uiInfoPath: join(dataDir, 'ui.json'),
    databasePath: join(dataDir, 'client.db'),
    lockPath: join(dataDir, 'client.lock'),
  };
}
