import { chmodSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repairLooseMode } from './file-mode.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-file-mode-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('repairLooseMode', () => {
  it('tightens a file others can read, and says it did', () => {
    const file = join(dir, 'f');
    writeFileSync(file, 'x');
    chmodSync(file, 0o644);
    expect(repairLooseMode(file, 0o600)).toBe(true);
    expect(modeOf(file)).toBe(0o600);
    expect(repairLooseMode(file, 0o600)).toBe(false);
  });

  it('refuses a symbolic link and leaves its target as it was', () => {
    const target = join(dir, 'target');
    writeFileSync(target, 'x');
    chmodSync(target, 0o644);
    symlinkSync(target, join(dir, 'link'));
    expect(() => repairLooseMode(join(dir, 'link'), 0o600)).toThrow(/link is a symbolic link/);
    expect(modeOf(target)).toBe(0o644);
  });
});
