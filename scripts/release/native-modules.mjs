// Native addons and the release runtime.
// - The one addon a release ships is the keyring's (@napi-rs/keyring, on Node-API), from its per-platform package.
//   SQLite needs none: the runtime's own node:sqlite (packages/store/src/sqlite/). The checkout installs only this
//   machine's keyring package; another platform's is fetched from the registry at the version and integrity
//   package-lock.json records for it.
// - compileAddon builds an addon for the Linux runtime (the bench's generated service runs on it).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pinnedPackage } from './registry-package.mjs';

const require = createRequire(import.meta.url);

/** The unpacked keyring addon package `name` (e.g. `@napi-rs/keyring-darwin-x64`) at the lockfile's version. */
export function keyringPackage(repoRoot, name) {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8'));
  const entry = lock.packages[`node_modules/${name}`];
  if (entry?.integrity === undefined) throw new Error(`package-lock.json pins no ${name}; run npm install`);
  return pinnedPackage({ name, version: entry.version, integrity: entry.integrity });
}

/**
 * Loads the staged app's SQLite and keyring on the staged runtime, as the installed app will: opens an in-memory
 * database with node:sqlite and reads the keyring module's entry class. Throws with the runtime's own message when
 * either does not load.
 */
export function checkStagedAddons({ node, appDir }) {
  const script = `
    const { createRequire } = require('node:module');
    const load = createRequire(${JSON.stringify(join(appDir, 'cli.mjs'))});
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(':memory:');
    const { v } = db.prepare('select sqlite_version() as v').get();
    if (typeof load('@napi-rs/keyring').Entry !== 'function') throw new Error('@napi-rs/keyring has no Entry');
    console.log(process.version + ', SQLite ' + v);
  `;
  return execFileSync(node, ['-e', script], { encoding: 'utf8', env: {}, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
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
      [nodeGyp, 'rebuild', '--release', `--nodedir=${runtime.dir}`, '--jobs=2', '--loglevel=warn'],
      { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    // The compiler's warnings are noise on success; on failure they are the explanation.
    process.stderr.write(error.stderr ?? '');
    throw error;
  }
}
