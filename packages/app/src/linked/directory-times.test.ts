import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { directoriesOf, directoriesUnchanged, directoryTimes } from './directory-times.js';

describe('directory times of a linked folder', () => {
  let folder = '';
  const past = new Date(Date.now() - 60_000);
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'client-directory-times-'));
    mkdirSync(join(folder, 'Orders', 'Refunds'), { recursive: true });
    for (const directory of [join(folder, 'Orders', 'Refunds'), join(folder, 'Orders'), folder])
      utimesSync(directory, past, past);
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('names every directory above each file, the root included', () => {
    expect([...directoriesOf(['a.yml', 'Orders/Refunds/b.yml', 'Orders/c.yml'])].sort()).toEqual([
      '',
      'Orders',
      'Orders/Refunds',
    ]);
  });

  it('sees a file added or a directory made in any directory, and not a directory left alone', () => {
    const times = directoryTimes(folder, ['', 'Orders', 'Orders/Refunds']);
    expect(directoriesUnchanged(folder, times)).toBe(true);
    writeFileSync(join(folder, 'Orders', 'Refunds', 'New.yml'), 'name: New\n');
    expect(directoriesUnchanged(folder, times)).toBe(false);

    const again = directoryTimes(folder, ['', 'Orders']);
    mkdirSync(join(folder, 'Orders', 'Archive'));
    expect(directoriesUnchanged(folder, again)).toBe(false);
  });

  it('does not trust a time from a moment ago, which a change in the same clock tick would not move', () => {
    writeFileSync(join(folder, 'Fresh.yml'), 'name: Fresh\n');
    expect(directoriesUnchanged(folder, directoryTimes(folder, ['']))).toBe(false);
  });

  it('takes a missing directory as changed', () => {
    const times = directoryTimes(folder, ['Orders/Refunds']);
    rmSync(join(folder, 'Orders', 'Refunds'), { recursive: true });
    expect(directoriesUnchanged(folder, times)).toBe(false);
  });
});
