// `npm install` of the shared generated project takes minutes, yet what it installs depends only on the project's
// manifests, the dependencies of the packages it keeps in tools/ and the Node runtime. Its node_modules folders and
// package-lock.json are kept in client-archetype/<hash of those> of the per-person cache (scripts/dev-cache.mjs),
// as the release build keeps its artifacts, so a later run with the same manifests copies them and npm install
// has next to nothing left to do.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devCacheDir } from '../../scripts/dev-cache.mjs';
import { type CommandResult, runCommand } from './archetype-process.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ARCHETYPE_INSTALL_CACHE = devCacheDir('client-archetype');
/** Entries kept: the newest few, so switching branches back and forth still hits. */
const KEPT_ENTRIES = 2;

/** The project's `package.json` files (the root's and each module's), as project-relative paths, sorted. */
function manifests(projectDir: string): string[] {
  const modules = readdirSync(projectDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(projectDir, entry.name, 'package.json')))
    .map((entry) => `${entry.name}/package.json`);
  return ['package.json', ...modules.sort()];
}

/** The folders `npm install` writes: the root's node_modules and any module's own. */
function installedFolders(projectDir: string): string[] {
  return manifests(projectDir)
    .map((manifest) => join(manifest, '..', 'node_modules'))
    .filter((folder) => existsSync(join(projectDir, folder)));
}

/**
 * The dependencies of the packages the project installs from its own folder `tools/` (the generator that made
 * it), by file: what installing them brings into node_modules. The packages themselves change with every change
 * to the generator, and are installed again over the cached dependencies (see `cachedInstall`).
 */
async function localPackageDependencies(projectDir: string): Promise<string[]> {
  const tools = join(projectDir, 'tools');
  if (!existsSync(tools)) return [];
  const dependencies: string[] = [];
  for (const name of readdirSync(tools).sort()) {
    const manifest = await runCommand('tar', ['-xzOf', join(tools, name), 'package/package.json'], projectDir);
    if (manifest.code !== 0) throw new Error(`could not read the manifest of tools/${name}:\n${manifest.output}`);
    const { dependencies: named = {} } = JSON.parse(manifest.output) as { dependencies?: Record<string, string> };
    dependencies.push(`tools/${name}: ${JSON.stringify(named)}`);
  }
  return dependencies;
}

/**
 * The hash of the manifests' names and contents, of the dependencies of the project's own packages, and of the
 * Node runtime that installs them (`node` on the PATH the install runs with).
 */
function installInputsHash(projectDir: string, runtime: string, localDependencies: readonly string[]): string {
  const hash = createHash('sha256').update(`${runtime}\0`);
  for (const manifest of manifests(projectDir)) {
    hash.update(`${manifest}\0`);
    hash.update(readFileSync(join(projectDir, manifest)));
    hash.update('\0');
  }
  for (const line of localDependencies) hash.update(`${line}\0`);
  return hash.digest('hex').slice(0, 24);
}

/** `cp -a`, which keeps npm's relative workspace links and the compiled native modules as they are. */
async function copy(from: string, to: string): Promise<void> {
  const result = await runCommand('cp', ['-a', from, to], REPO_ROOT);
  if (result.code !== 0) throw new Error(`could not copy ${from} to ${to}:\n${result.output}`);
}

function pruneOldEntries(): void {
  const entries = readdirSync(ARCHETYPE_INSTALL_CACHE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.includes('.'))
    .map((entry) => join(ARCHETYPE_INSTALL_CACHE, entry.name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const path of entries.slice(KEPT_ENTRIES)) rmSync(path, { recursive: true, force: true });
}

/**
 * Puts the generated project's dependencies in place: copies of the cached ones installed from the same manifests,
 * brought up to date by `install`, else what `install` installs, which is then cached. Resolves to the result of
 * `install`, and whether a cached entry was used.
 */
export async function cachedInstall(
  projectDir: string,
  install: () => Promise<CommandResult>,
): Promise<CommandResult & { reused: boolean }> {
  const node = await runCommand(
    'node',
    ['-p', "[process.version, process.platform, process.arch].join(' ')"],
    projectDir,
  );
  const key = installInputsHash(projectDir, node.output.trim(), await localPackageDependencies(projectDir));
  const entry = join(ARCHETYPE_INSTALL_CACHE, key);
  const contents = join(entry, 'contents');
  if (existsSync(contents)) {
    for (const name of readdirSync(contents)) await copy(join(contents, name), projectDir);
    const now = new Date();
    utimesSync(entry, now, now);
    // npm install again over the copy: it finds every registry package in place and installs only what changed,
    // the project's own packages from tools/, and it checks the copy against the manifests.
    const refreshed = await install();
    return { ...refreshed, reused: refreshed.code === 0 };
  }
  const result = await install();
  if (result.code !== 0) return { ...result, reused: false };
  // Copied aside and renamed, so an install cut off half-way never leaves a partial entry.
  const part = `${entry}.part-${process.pid}`;
  rmSync(part, { recursive: true, force: true });
  mkdirSync(join(part, 'contents'), { recursive: true });
  for (const folder of installedFolders(projectDir)) {
    mkdirSync(join(part, 'contents', folder, '..'), { recursive: true });
    await copy(join(projectDir, folder), join(part, 'contents', folder));
  }
  await copy(join(projectDir, 'package-lock.json'), join(part, 'contents', 'package-lock.json'));
  rmSync(entry, { recursive: true, force: true });
  renameSync(part, entry);
  pruneOldEntries();
  return { ...result, reused: false };
}
