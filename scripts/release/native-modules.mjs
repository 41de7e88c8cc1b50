// Native addons for the shipped runtime.
// - SQLite: the workspace's better-sqlite3 12 (which supports the Node 20 the checkout develops on) is built on
//   node::ObjectWrap, whose Node 24 form aborts the process when a statement is collected outside a JavaScript
//   context ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook). The release ships
//   better-sqlite3 13, the same API on Node-API, compiled with node-gyp against the shipped runtime's headers
//   (about a minute, once per version pair) and kept in node_modules/.cache/client-runtime/.
// - @napi-rs/keyring is built on Node-API too: its prebuilt addon is shipped as installed.
// checkStagedAddons loads both on the shipped runtime before a package is written.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pinnedPackage, runtimeCacheDir } from './registry-package.mjs';

const require = createRequire(import.meta.url);

/** The release's SQLite binding; its JavaScript API is better-sqlite3 12's. */
const RELEASE_SQLITE = {
  name: 'better-sqlite3',
  version: '13.2.0',
  integrity: 'sha512-Z8Q/9x/uNyKxA1v4FNodyItRVRw1TeKBrmj32JhxhR0ceNcBY+wMobt/Bv7M7TzwPAXjnZRtNaEsATnUZSKWZQ==',
};
/** The C++ headers better-sqlite3 13 compiles with (its only dependency, needed at build time only). */
const NODE_ADDON_API = {
  name: 'node-addon-api',
  version: '8.9.2',
  integrity: 'sha512-VijLXbi3UACN69I0JVXJsX4tjACjNoQDgv2gTF6sx2wWEi8tkSg2eX8p5gSIFi8z2+DL3oHmY6OyKce38SDolg==',
};

/** The better-sqlite3 files node-gyp needs to compile the addon; its prebuilt binaries stay out. */
const SQLITE_SOURCES = ['package.json', 'binding.gyp', 'src', 'deps', 'lib'];

/**
 * The release's better-sqlite3 for `runtime` (from nodeRuntime): `{ dir, addon }`, the unpacked package (whose
 * package.json, LICENSE and lib/ ship) and `better_sqlite3.node` compiled for that runtime.
 */
export function releaseSqlite(repoRoot, runtime) {
  const dir = pinnedPackage(repoRoot, RELEASE_SQLITE);
  const built = join(runtimeCacheDir(repoRoot), `better-sqlite3-${RELEASE_SQLITE.version}-node-${runtime.version}`);
  const addon = join(built, 'better_sqlite3.node');
  if (existsSync(addon)) return { dir, addon };
  console.log(`compiling better-sqlite3 ${RELEASE_SQLITE.version} for Node ${runtime.version} (about a minute, once)`);
  const work = join(runtimeCacheDir(repoRoot), `better-sqlite3-build-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  for (const file of SQLITE_SOURCES) cpSync(join(dir, file), join(work, file), { recursive: true });
  cpSync(pinnedPackage(repoRoot, NODE_ADDON_API), join(work, 'node_modules', 'node-addon-api'), { recursive: true });
  try {
    compileAddon(work, runtime);
    mkdirSync(built, { recursive: true });
    copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), `${addon}.part`);
    renameSync(`${addon}.part`, addon);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { dir, addon };
}

/**
 * Compiles the native addon whose sources (binding.gyp) are in `dir` for `runtime` (from nodeRuntime), into
 * `dir/build/Release`, with node-gyp against the runtime's headers.
 */
export function compileAddon(dir, runtime) {
  const nodeGyp = require.resolve('node-gyp/bin/node-gyp.js');
  // The user's npm configuration may name another Node's headers (nodedir); the flag below is the one that counts.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
  try {
    execFileSync(
      process.execPath,
      [nodeGyp, 'rebuild', '--release', `--nodedir=${runtime.headers}`, '--jobs=2', '--loglevel=warn'],
      { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    // The compiler's warnings are noise on success; on failure they are the explanation.
    process.stderr.write(error.stderr ?? '');
    throw error;
  }
}

/**
 * Loads the staged app's addons on the staged runtime, as the installed app will: opens an in-memory database and
 * prepares statements enough for the collector to finalize some while the process runs and exits (what aborts
 * better-sqlite3 12 on Node 24), and reads the keyring module's entry class. Throws with the runtime's own message
 * when either does not load or the process aborts.
 */
export function checkStagedAddons({ node, appDir }) {
  const script = `
    const { createRequire } = require('node:module');
    const load = createRequire(${JSON.stringify(join(appDir, 'cli.mjs'))});
    const Database = load('better-sqlite3');
    const db = new Database(':memory:');
    const { v } = db.prepare('select sqlite_version() as v').get();
    for (let i = 0; i < 20000; i++) db.prepare('select ' + i).get();
    if (typeof load('@napi-rs/keyring').Entry !== 'function') throw new Error('@napi-rs/keyring has no Entry');
    console.log(process.version + ', SQLite ' + v);
  `;
  return execFileSync(node, ['-e', script], { encoding: 'utf8', env: {}, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}
