import { execFile } from 'node:child_process';
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
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCacheDir } from '../code-cache.cjs';

const CODE_CACHE = join(import.meta.dirname, '..', 'code-cache.cjs');

let root: string;
let bundle: string;
let cacheDir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'client-mcp-code-cache-'));
  bundle = join(root, 'bundle.cjs');
  cacheDir = join(root, 'cache', 'client', 'code-cache');
  writeFileSync(bundle, 'exports.answer = [1, 2, 3].map((n) => n * 14).join(",");\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Loads the bundle in a process of its own (the cache is written as a process exits), as the launcher does. */
async function load(options: { owner?: number } = {}): Promise<{ answer: unknown; cache: string }> {
  const program = `
    const { requireWithCodeCache } = require(process.argv[1]);
    const options = JSON.parse(process.argv[3]);
    const { exports, cache } = requireWithCodeCache(process.argv[2], options);
    console.log(JSON.stringify({ answer: exports.answer, cache }));`;
  const { stdout } = await promisify(execFile)(process.execPath, [
    '-e',
    program,
    CODE_CACHE,
    bundle,
    JSON.stringify({ cacheDir, ...options }),
  ]);
  return JSON.parse(stdout);
}

function cacheFiles(): string[] {
  return readdirSync(cacheDir).filter((name) => name.endsWith('.v8cache'));
}

describe('requireWithCodeCache', () => {
  it('writes the cache when the first process ends, in a 0700 folder as a 0600 file, and uses it next time', async () => {
    expect(await load()).toEqual({ answer: '14,28,42', cache: 'miss' });

    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    const [name] = cacheFiles();
    expect(name).toMatch(/^client-mcp-[0-9a-f]{16}\.v8cache$/);
    expect(statSync(join(cacheDir, name ?? '')).mode & 0o777).toBe(0o600);
    expect(await load()).toEqual({ answer: '14,28,42', cache: 'hit' });
  });

  it('does not use a cache of another bundle, and replaces it with its own', async () => {
    await load();
    const [old] = cacheFiles();
    writeFileSync(bundle, 'exports.answer = "changed";\n');

    expect(await load()).toEqual({ answer: 'changed', cache: 'miss' });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()).not.toContain(old);
  });

  it('never hands V8 an altered or cut cache file (it would run it), runs the bundle as written instead', async () => {
    await load();
    const file = join(cacheDir, cacheFiles()[0] ?? '');
    const good = readFileSync(file);
    const altered = Buffer.from(good);
    altered.fill(7, 64);

    for (const damaged of [altered, good.subarray(0, good.length - 8), good.subarray(32), Buffer.alloc(0)]) {
      writeFileSync(file, damaged);
      expect(await load()).toEqual({ answer: '14,28,42', cache: 'miss' });
      // That process wrote a good cache again.
      expect(await load()).toEqual({ answer: '14,28,42', cache: 'hit' });
    }
  });

  it('does not take the cache of another bundle of the same length renamed to this one’s name', async () => {
    await load();
    const file = join(cacheDir, cacheFiles()[0] ?? '');
    const other = join(root, 'other.cjs');
    writeFileSync(other, 'exports.answer = [1, 2, 3].map((n) => n * 15).join(",");\n');
    rmSync(cacheDir, { recursive: true });
    bundle = other;
    await load();
    const otherFile = join(cacheDir, cacheFiles()[0] ?? '');
    bundle = join(root, 'bundle.cjs');
    const renamed = readFileSync(otherFile);
    rmSync(otherFile);
    writeFileSync(file, renamed, { mode: 0o600 });

    expect(await load()).toEqual({ answer: '14,28,42', cache: 'miss' });
    expect(await load()).toEqual({ answer: '14,28,42', cache: 'hit' });
  });

  it('does not trust a cache file others may write, nor one that is a link', async () => {
    await load();
    const file = join(cacheDir, cacheFiles()[0] ?? '');
    chmodSync(file, 0o666);
    expect((await load()).cache).toBe('miss');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const elsewhere = join(root, 'elsewhere.v8cache');
    writeFileSync(elsewhere, readFileSync(file), { mode: 0o600 });
    rmSync(file);
    symlinkSync(elsewhere, file);
    expect((await load()).cache).toBe('miss');
  });

  it('caches nothing in a folder others can reach, or that belongs to another account', async () => {
    mkdirSync(cacheDir, { recursive: true, mode: 0o755 });
    chmodSync(cacheDir, 0o755);
    expect(await load()).toEqual({ answer: '14,28,42', cache: 'off' });
    expect(cacheFiles()).toEqual([]);

    chmodSync(cacheDir, 0o700);
    expect((await load({ owner: (process.getuid?.() ?? 0) + 1 })).cache).toBe('off');
    expect(cacheFiles()).toEqual([]);
  });

  it('keeps the cache in the account’s own cache folder, never a shared one', () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: '/home/ada/.cache' })).toBe('/home/ada/.cache/client/code-cache');
    expect(codeCacheDir({ XDG_CACHE_HOME: 'relative' })).toMatch(/\/\.cache\/client\/code-cache$/);
    expect(codeCacheDir({})).toMatch(/\/\.cache\/client\/code-cache$/);
  });
});
