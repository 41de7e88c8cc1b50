import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedArtifacts, releaseInputs, releaseInputsHash } from './release-cache.mjs';

let repo: string;

function write(path: string, text: string): void {
  mkdirSync(dirname(join(repo, path)), { recursive: true });
  writeFileSync(join(repo, path), text);
}

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'release-cache-'));
  write('package.json', '{}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('scripts/package-deb.mjs', '// packages');
  write('scripts/release/node-runtime.mjs', '// the runtime');
  write('packages/core/src/index.ts', 'export const a = 1;');
  write('packages/mcp/scripts/build-binaries.mjs', '// builds');
  write('packages/ui/src/app.tsx', 'export {};');
});

afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('releaseInputsHash', () => {
  it('is the same for the same inputs and the same Node', () => {
    expect(releaseInputsHash(repo, 'v20.20.0 linux x64')).toBe(releaseInputsHash(repo, 'v20.20.0 linux x64'));
  });

  it.each([
    ['a source file', 'packages/core/src/index.ts'],
    ['the lock file', 'package-lock.json'],
    ['a build script', 'packages/mcp/scripts/build-binaries.mjs'],
    ['the .deb script', 'scripts/package-deb.mjs'],
    ['a release build step', 'scripts/release/node-runtime.mjs'],
    ['a UI source', 'packages/ui/src/app.tsx'],
  ])('changes when %s changes', (_, path) => {
    const before = releaseInputsHash(repo, 'v20');
    write(path, `${readFileSync(join(repo, path), 'utf8')}\n// changed`);
    expect(releaseInputsHash(repo, 'v20')).not.toBe(before);
  });

  it('changes with the Node version, a new source file and a built web UI', () => {
    const before = releaseInputsHash(repo, 'v20.20.0 linux x64');
    expect(releaseInputsHash(repo, 'v20.21.0 linux x64')).not.toBe(before);
    write('packages/core/src/more.ts', 'export const b = 2;');
    const withFile = releaseInputsHash(repo, 'v20.20.0 linux x64');
    expect(withFile).not.toBe(before);
    write('packages/ui/dist/index.html', '<html></html>');
    expect(releaseInputsHash(repo, 'v20.20.0 linux x64')).not.toBe(withFile);
  });

  it('ignores tests, build output and installed packages, which no release holds', () => {
    const before = releaseInputsHash(repo, 'v20');
    write('packages/core/src/index.test.ts', 'test');
    write('packages/core/dist/index.js', 'built');
    write('packages/core/node_modules/x/index.js', 'installed');
    write('packages/archetype/src/cli.ts', 'another product');
    expect(releaseInputsHash(repo, 'v20')).toBe(before);
    expect(releaseInputs(repo)).not.toContain('packages/core/src/index.test.ts');
  });
});

describe('cachedArtifacts', () => {
  it('builds once, copies the cached artifacts while the inputs stay, and builds again after a change', async () => {
    const deb = join(repo, 'build', 'client.deb');
    const archive = join(repo, 'build', 'client.tar.xz');
    const cacheDir = join(repo, 'cache');
    let builds = 0;
    const build = async () => {
      builds++;
      mkdirSync(dirname(deb), { recursive: true });
      writeFileSync(deb, `deb ${builds}`);
      writeFileSync(archive, `archive ${builds}`);
    };
    const options = { repoRoot: repo, outFiles: [deb, archive], build, cacheDir };

    expect(await cachedArtifacts(options)).toEqual({ reused: false });
    rmSync(deb);
    rmSync(archive);
    expect(await cachedArtifacts(options)).toEqual({ reused: true });
    expect(readFileSync(deb, 'utf8')).toBe('deb 1');
    expect(readFileSync(archive, 'utf8')).toBe('archive 1');
    expect(builds).toBe(1);

    write('packages/core/src/index.ts', 'export const a = 2;');
    expect(await cachedArtifacts(options)).toEqual({ reused: false });
    expect(readFileSync(deb, 'utf8')).toBe('deb 2');
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });

  it('builds again when one of the artifacts is missing from the cache entry', async () => {
    const deb = join(repo, 'build', 'client.deb');
    const archive = join(repo, 'build', 'client.tar.xz');
    const cacheDir = join(repo, 'cache');
    let builds = 0;
    const build = async () => {
      builds++;
      mkdirSync(dirname(deb), { recursive: true });
      writeFileSync(deb, 'deb');
      writeFileSync(archive, 'archive');
    };
    await cachedArtifacts({ repoRoot: repo, outFiles: [deb], build, cacheDir });

    expect(await cachedArtifacts({ repoRoot: repo, outFiles: [deb, archive], build, cacheDir })).toEqual({
      reused: false,
    });
    expect(builds).toBe(2);
  });
});
