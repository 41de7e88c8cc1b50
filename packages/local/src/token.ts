import { randomUUID } from 'node:crypto';
import { lstatSync, readFileSync, type Stats } from 'node:fs';
import { refuseUnlessPlainFile } from '@client/core';
import { createFileExclusive, writeFileAtomic } from './atomic-file.js';
import { localPaths } from './data-dir.js';
import { repairLooseMode } from './file-mode.js';

const TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const TOKEN_MODE = 0o600;

export function isValidToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export interface EnsuredToken {
  token: string;
  path: string;
  /** What had to be done to have a usable token; `existing` means nothing. */
  outcome: 'created' | 'existing' | 'repaired-mode' | 'replaced';
  /** A sentence for the person running the app when something was created, repaired or replaced. */
  notice?: string;
}

/** The token file's text, or null when there is none; a link or a non-file there is refused, never replaced. */
function readTokenFile(path: string): string | null {
  let kind: Stats;
  try {
    kind = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  refuseUnlessPlainFile(path, kind);
  return readFileSync(path, 'utf8').trim();
}

/**
 * Called by the app at start: returns the install's token, creating it on first start. A token file
 * readable by others is tightened to 0600; an empty or corrupt one is replaced, and the notice says so.
 */
export function ensureToken(dataDir: string): EnsuredToken {
  const path = localPaths(dataDir).tokenPath;
  const fresh = randomUUID();
  if (createFileExclusive(path, `${fresh}\n`, TOKEN_MODE)) {
    return { token: fresh, path, outcome: 'created', notice: `created a new agent token at ${path}` };
  }
  const existing = readTokenFile(path);
  if (existing !== null && isValidToken(existing)) {
    if (repairLooseMode(path, TOKEN_MODE)) {
      return {
        token: existing,
        path,
        outcome: 'repaired-mode',
        notice: `${path} was readable by other users; its mode is now 0600`,
      };
    }
    return { token: existing, path, outcome: 'existing' };
  }
  writeFileAtomic(path, `${fresh}\n`, TOKEN_MODE);
  const what = existing === '' ? 'was empty' : 'did not hold a valid token';
  return {
    token: fresh,
    path,
    outcome: 'replaced',
    notice: `${path} ${what}; wrote a new agent token (agents using direct HTTP must read it again)`,
  };
}

/** Used by client-mcp and the CLI: the token if the app has written a valid one, else null. Never creates. */
export function readToken(dataDir: string): string | null {
  const token = readTokenFile(localPaths(dataDir).tokenPath);
  return token !== null && isValidToken(token) ? token : null;
}
