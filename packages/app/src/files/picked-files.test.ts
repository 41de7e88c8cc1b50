import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepPickedFile } from './picked-files.js';

describe('keepPickedFile', () => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-picked-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the bytes in 0700 folders it makes, under a name that stays one name', () => {
    const dataDir = scratch();
    const kept = keepPickedFile(join(dataDir, 'picked-files'), 'a/b.txt', Buffer.from('hi'));
    expect(kept).toMatchObject({ name: 'a_b.txt', size: 2 });
    expect(statSync(join(dataDir, 'picked-files')).mode & 0o777).toBe(0o700);
    expect(statSync(kept.path).mode & 0o777).toBe(0o600);
  });

  it('writes nothing through a link put where its folder goes', () => {
    const dataDir = scratch();
    const elsewhere = scratch();
    symlinkSync(elsewhere, join(dataDir, 'picked-files'));
    expect(() => keepPickedFile(join(dataDir, 'picked-files'), 'x.bin', Buffer.from('x'))).toThrow(
      expect.objectContaining({ code: 'INTERNAL', message: expect.stringContaining('is not a folder of its own') }),
    );
    expect(readdirSync(elsewhere)).toEqual([]);

    const inner = join(scratch(), 'picked-files');
    mkdirSync(inner);
    const digestOfX = '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881';
    symlinkSync(elsewhere, join(inner, digestOfX));
    expect(() => keepPickedFile(inner, 'x.bin', Buffer.from('x'))).toThrow('is not a folder of its own');
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
