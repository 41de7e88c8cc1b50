// The part of every release that is the same on each platform: the app and client-mcp bundled, the entries that
// load them, the files the bundled modules read at run time, the web UI and the keyring's addon for the target.
// Each package script (scripts/package-*.mjs) puts this folder where its platform's layout wants it, with the
// runtime and the launchers around it.
import { copyFileSync, cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_ASSETS, bundleApp } from '../../packages/app/scripts/bundle-app.mjs';
import { bundleReleaseClientMcp } from '../../packages/mcp/scripts/build-binaries.mjs';
import { keyringPackage } from './native-modules.mjs';
import { RUNTIME_TARGETS } from './node-runtime.mjs';
import { shipRuntimeFiles } from './runtime-files.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const nodeModules = join(repoRoot, 'node_modules');
const UI_PACKAGE = join(repoRoot, 'packages', 'ui');

/** The files of the app folder the launchers run. */
export const APP_FILES = {
  appMain: 'cli.mjs',
  appBundle: 'client.mjs',
  mcpMain: 'client-mcp.mjs',
  mcpBundle: 'client-mcp-bundle.mjs',
};

/** The `process.platform` of each runtime target. */
const PLATFORMS = { 'linux-x64': 'linux', 'darwin-x64': 'darwin', 'win-x64': 'win32' };

/** Files of an installed npm package that running it never reads. */
const NOT_SHIPPED = /[\\/](\.npmignore|\.[^\\/]*rc|README(\.md)?|CHANGELOG(\.md)?)$/i;

/**
 * What the bundled modules read at run time: each package's manifest beside its sources, the files of its
 * dependencies it lists as `clientRuntimeFiles` (the script sandbox's WebAssembly and chai), and the built web UI,
 * which the app resolves as the package `@client/ui` (the app shows a "not built" page when it is absent).
 */
function shipSourceTreeFiles(appDir, bundledPackages) {
  for (const name of bundledPackages) {
    const manifest = join('packages', name, 'package.json');
    cpSync(join(repoRoot, manifest), join(appDir, manifest));
  }
  shipRuntimeFiles(repoRoot, appDir, bundledPackages);
  if (existsSync(join(UI_PACKAGE, 'dist'))) {
    const installed = join(appDir, 'node_modules', '@client', 'ui');
    cpSync(join(UI_PACKAGE, 'package.json'), join(installed, 'package.json'));
    // Source maps stay out of the package: they are for debugging the checkout.
    cpSync(join(UI_PACKAGE, 'dist'), join(installed, 'dist'), {
      recursive: true,
      filter: (path) => !path.endsWith('.map'),
    });
  }
}

/** The keyring's loader and its addon for `target`, copied with only the files running them needs. */
function copyKeyring(appDir, target) {
  const addon = RUNTIME_TARGETS[target].keyring;
  const installed = join(nodeModules, addon);
  const packages = [
    { name: '@napi-rs/keyring', from: join(nodeModules, '@napi-rs', 'keyring') },
    { name: addon, from: existsSync(installed) ? installed : keyringPackage(repoRoot, addon) },
  ];
  for (const { name, from } of packages) {
    cpSync(from, join(appDir, 'node_modules', name), { recursive: true, filter: (path) => !NOT_SHIPPED.test(path) });
  }
}

/**
 * An entry that turns on Node's compile cache before it loads `bundle` (a file beside it): the megabytes of a
 * bundle are compiled at the first start only, and later starts read the code V8 made then. The cache lives in
 * this account's own cache folder (0700; Linux's XDG one, macOS's ~/Library/Caches, Windows' %LOCALAPPDATA%),
 * never in the shared temporary folder that Node would pick, where another account could leave code for it to run.
 */
function compileCacheEntry(bundle) {
  return `// Runs ${bundle} with Node's compile cache (see scripts/release/stage-app.mjs).
import { mkdirSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

function cacheFolder() {
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'Client', 'compile-cache');
  if (process.platform === 'win32') {
    return join(process.env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'Client', 'compile-cache');
  }
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'client', 'compile-cache');
}

try {
  const cache = cacheFolder();
  mkdirSync(cache, { recursive: true, mode: 0o700 });
  enableCompileCache(cache);
} catch {
  // Without a cache folder the bundle is compiled at every start, as without this entry.
}
await import('./${bundle}');
`;
}

/**
 * Writes the app folder at `appDir` for `target` (a key of RUNTIME_TARGETS). `mcpLauncher` is where the package
 * puts client-mcp's launcher, from `appDir`: what `client-mcp config` and the Agent panel print.
 */
export async function stageApp({ appDir, target, mcpLauncher }) {
  mkdirSync(appDir, { recursive: true });
  // The bundle's modules find their files in a copy of the checkout's layout around it (shipSourceTreeFiles).
  const bundled = await bundleApp({
    outFile: join(appDir, APP_FILES.appBundle),
    sourceRoot: '.',
    flavor: 'release',
    mcpLauncher,
  });
  await bundleReleaseClientMcp({ outFile: join(appDir, APP_FILES.mcpBundle), launcher: mcpLauncher });
  writeFileSync(join(appDir, APP_FILES.appMain), compileCacheEntry(basename(APP_FILES.appBundle)));
  writeFileSync(join(appDir, APP_FILES.mcpMain), compileCacheEntry(basename(APP_FILES.mcpBundle)));
  shipSourceTreeFiles(appDir, bundled);
  copyKeyring(appDir, target);
  for (const asset of BUNDLE_ASSETS) {
    if (asset.platforms === undefined || asset.platforms.includes(PLATFORMS[target])) {
      copyFileSync(join(repoRoot, asset.from), join(appDir, asset.name));
    }
  }
}
