import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
