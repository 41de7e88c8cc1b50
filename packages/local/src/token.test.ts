import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureToken, isValidToken, readToken } from './token.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-token-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('ensureToken', () => {
  it('creates a UUID v4 token file with mode 0600 on first start and leaves no temp files', () => {
    const result = ensureToken(dir);
    expect(result.outcome).toBe('created');
    expect(isValidToken(result.token)).toBe(true);
    expect(readFileSync(result.path, 'utf8')).toBe(`${result.token}\n`);
    expect(modeOf(result.path)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['agent-token']);
  });

  it('keeps the same token across starts', () => {
    const first = ensureToken(dir);
    const second = ensureToken(dir);
    expect(second).toEqual({ token: first.token, path: first.path, outcome: 'existing' });
  });

  it('repairs a token file readable by others to 0600 without changing the token', () => {
    const first = ensureToken(dir);
    chmodSync(first.path, 0o644);
    const second = ensureToken(dir);
    expect(second.outcome).toBe('repaired-mode');
    expect(second.token).toBe(first.token);
    expect(second.notice).toContain('0600');
    expect(modeOf(first.path)).toBe(0o600);
  });

  it('replaces an empty token file and says so', () => {
    writeFileSync(join(dir, 'agent-token'), '', { mode: 0o600 });
    const result = ensureToken(dir);
    expect(result.outcome).toBe('replaced');
    expect(result.notice).toContain('was empty');
    expect(isValidToken(readFileSync(result.path, 'utf8').trim())).toBe(true);
    expect(modeOf(result.path)).toBe(0o600);
  });

  it('replaces a corrupt token file and says so', () => {
    writeFileSync(join(dir, 'agent-token'), 'not-a-token\x00\xff', { mode: 0o644 });
    const result = ensureToken(dir);
    expect(result.outcome).toBe('replaced');
    expect(result.notice).toContain('did not hold a valid token');
    expect(readToken(dir)).toBe(result.token);
    expect(modeOf(result.path)).toBe(0o600);
  });
});

describe('readToken', () => {
  it('returns null and creates nothing when there is no token file', () => {
    expect(readToken(dir)).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('returns null for a corrupt file without touching it', () => {
    writeFileSync(join(dir, 'agent-token'), 'garbage');
    expect(readToken(dir)).toBeNull();
    expect(readFileSync(join(dir, 'agent-token'), 'utf8')).toBe('garbage');
  });

  it('returns the token the app wrote', () => {
    const { token } = ensureToken(dir);
    expect(readToken(dir)).toBe(token);
  });
});

describe('a token path that is not a plain file', () => {
  it('is refused when it is a symbolic link: the link target keeps its mode and content', () => {
    const target = join(dir, 'elsewhere');
    const token = '3f1c2a4e-5b6d-4c7e-8f90-a1b2c3d4e5f6';
    writeFileSync(target, `${token}\n`);
    chmodSync(target, 0o644);
    symlinkSync(target, join(dir, 'agent-token'));

    expect(() => ensureToken(dir)).toThrow(/agent-token is a symbolic link, and the app never follows links/);
    expect(() => readToken(dir)).toThrow(/is a symbolic link/);
    expect(modeOf(target)).toBe(0o644);
    expect(readFileSync(target, 'utf8')).toBe(`${token}\n`);
  });

  it('is refused when it is a directory, which is left as it was', () => {
    mkdirSync(join(dir, 'agent-token'));
    writeFileSync(join(dir, 'agent-token', 'kept'), 'x');

    expect(() => ensureToken(dir)).toThrow(/agent-token is a directory, not a file; move it out of the data dir/);
    expect(readdirSync(join(dir, 'agent-token'))).toEqual(['kept']);
    expect(readdirSync(dir)).toEqual(['agent-token']);
  });
});
