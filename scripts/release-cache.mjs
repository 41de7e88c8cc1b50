// The release binaries and the .deb take minutes to build (bundling, a ~100 MB executable, compressing ~200 MB),
// yet depend only on the files below. They are kept in the per-person cache (dev-cache.mjs), under
// client-release/<hash of those files>, so building again from the same inputs copies the earlier result; a change of any input builds afresh.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { devCacheDir } from './dev-cache.mjs';
import { signHookCommand } from './release/sign-hook.mjs';

/** The workspace packages the app, client-mcp and the .deb are built from (archetype is not part of them). */
const RELEASED_PACKAGES = ['core', 'local', 'store', 'secrets', 'http', 'runner', 'control-plane', 'mcp', 'app', 'ui'];
/** Files outside those packages that decide what gets built: dependencies, compiler settings, the build scripts. */
const ROOT_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'scripts/package-deb.mjs',
  'scripts/package-macos.mjs',
  'scripts/package-windows.mjs',
  'scripts/release-cache.mjs',
];
/** Folders outside those packages whose every file is a build input: the release packages' build steps. */
const ROOT_INPUT_DIRS = ['scripts/release'];
/** Build output and installed dependencies (the latter enter through package-lock.json). */
const OUTPUT_DIRS = new Set(['node_modules', 'dist', 'build']);
/** Tests and build bookkeeping, which no release contains. */
const NOT_INPUTS = /\.test\.tsx?$|\.test-support\.tsx?$|\.tsbuildinfo$/;
/** Cache entries kept: the newest few, so switching branches back and forth still hits. */
const KEPT_ENTRIES = 3;

function packageFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!OUTPUT_DIRS.has(entry.name)) files.push(...packageFiles(path));
    } else if (entry.isFile() && !NOT_INPUTS.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

/** Every input file of a release build, relative to `repoRoot`, in a fixed order. */
export function releaseInputs(repoRoot) {
  const files = ROOT_INPUTS.map((file) => join(repoRoot, file)).filter((path) => existsSync(path));
  for (const dir of ROOT_INPUT_DIRS) {
    if (existsSync(join(repoRoot, dir))) files.push(...packageFiles(join(repoRoot, dir)));
  }
  for (const name of RELEASED_PACKAGES) {
    const dir = join(repoRoot, 'packages', name);
    if (existsSync(dir)) files.push(...packageFiles(dir));
  }
  return files.map((path) => relative(repoRoot, path)).sort();
}

/**
 * The hash of the inputs' names and contents, of the Node runtime that builds (and is shipped in) them, and of
 * whether the web UI is built (the .deb carries it when it is).
 */
export function releaseInputsHash(repoRoot, runtime = `${process.version} ${process.platform} ${process.arch}`) {
  const ui = existsSync(join(repoRoot, 'packages', 'ui', 'dist')) ? 'web UI built' : 'no web UI';
  const hash = createHash('sha256').update(`${runtime}\0${ui}\0`);
  for (const file of releaseInputs(repoRoot)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(repoRoot, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

export function releaseCacheDir() {
  return devCacheDir('client-release');
}

function pruneOldEntries(cacheDir) {
  const entries = readdirSync(cacheDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ path: join(cacheDir, entry.name), used: statSync(join(cacheDir, entry.name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { path } of entries.slice(KEPT_ENTRIES)) rmSync(path, { recursive: true, force: true });
}

/**
 * Puts the artifacts `outFiles` in place: copies of the cached ones built from the same inputs, else what `build`
 * writes to them, which is then cached. Answers whether the cached ones were used.
 */
export async function cachedArtifacts({ repoRoot, outFiles, build, cacheDir = releaseCacheDir() }) {
  // A signed build depends on a certificate the hash cannot see: it is built every time, and kept nowhere.
  if (signHookCommand() !== null) {
    await build();
    return { reused: false };
  }
  const entry = join(cacheDir, releaseInputsHash(repoRoot));
  const cached = outFiles.map((outFile) => join(entry, basename(outFile)));
  for (const outFile of outFiles) mkdirSync(dirname(outFile), { recursive: true });
  if (cached.every((file) => existsSync(file))) {
    outFiles.forEach((outFile, i) => {
      rmSync(outFile, { force: true });
      copyFileSync(cached[i], outFile);
    });
    const now = new Date();
    utimesSync(entry, now, now);
    return { reused: true };
  }
  await build();
  mkdirSync(entry, { recursive: true });
  // Copied aside and renamed, so a build cut off half-way never leaves a truncated artifact in the cache; the
  // name aside is this process's, since another checkout of the account may be building the same artifact.
  outFiles.forEach((outFile, i) => {
    const part = `${cached[i]}.${process.pid}.part`;
    copyFileSync(outFile, part);
    renameSync(part, cached[i]);
  });
  pruneOldEntries(cacheDir);
  return { reused: false };
}
