// Loads the workspace bundle of client-mcp through V8's code cache, kept in this account's own cache folder.
// Plain CommonJS outside src/, like the launcher that requires it: it runs before anything else is loaded.
//
// Why: an agent host starts client-mcp for every session and waits for its first answer, and on Node 20 (which
// has no module.enableCompileCache) compiling the bundle, and the functions the first call runs, is a large
// part of that wait. The cache written when a session ends spares the next one that work.
//
// Trust: V8 checks a cache against its own version and flags and the source's length only, and runs the code
// in it (an altered cache crashes the process, or worse); so the cache is read only from a folder that is this
// account's alone (owned by it, mode 0700, not a link), from a regular file owned by it with mode 0600, named for
// the SHA-256 of the bundle's own bytes, and it is handed to V8 only when the SHA-256 it starts with, of that
// name and the rest of the file, matches (a file cut short or damaged on disk is written anew, not run).
const { createHash, randomBytes } = require('node:crypto');
const { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire, wrap } = require('node:module');
const { homedir } = require('node:os');
const { dirname, isAbsolute, join } = require('node:path');
const { constants, Script } = require('node:vm');

const CACHE_NAME = /^client-mcp-[0-9a-f]{16}\.v8cache$/;
const DIGEST_BYTES = 32;

/** The SHA-256 a cache file starts with: of the bundle's hash, then of V8's data. */
function digestOf(bundleHash, data) {
  return createHash('sha256').update(bundleHash).update(data).digest();
}

/** V8's data from a cache file, or undefined when the file does not hold what was written for this bundle. */
function readCache(file, bundleHash) {
  const bytes = readFileSync(file);
  const data = bytes.subarray(DIGEST_BYTES);
  return bytes.length > DIGEST_BYTES && digestOf(bundleHash, data).equals(bytes.subarray(0, DIGEST_BYTES))
    ? data
    : undefined;
}

/** The folder the cache lives in: `$XDG_CACHE_HOME/client/code-cache`, else `~/.cache/client/code-cache`. */
function codeCacheDir(env = process.env) {
  const base = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(base, 'client', 'code-cache');
}

/** Whether `path` is a directory (`wantDir`) or regular file of `owner`, with no access for anyone else. */
function isPrivate(path, wantDir, owner) {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (stats === undefined || (wantDir ? !stats.isDirectory() : !stats.isFile())) return false;
  return stats.uid === owner && (stats.mode & 0o077) === 0;
}

/** The folder, made 0700 when missing; null when it cannot be trusted or made (then nothing is cached). */
function privateDir(dir, owner) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return null;
  }
  return isPrivate(dir, true, owner) ? dir : null;
}

/** Writes the cache beside older ones of other bundles, which it replaces; atomic, so readers see all or none. */
function writeCache(dir, file, bundleHash, data) {
  const temporary = join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
  try {
    writeFileSync(temporary, Buffer.concat([digestOf(bundleHash, data), data]), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
    for (const name of readdirSync(dir)) {
      if (CACHE_NAME.test(name) && join(dir, name) !== file) rmSync(join(dir, name), { force: true });
    }
  } catch {
    rmSync(temporary, { force: true });
  }
}

/**
 * Requires the CommonJS file `bundle` as Node would, compiled from the code cache when a trusted one matches it
 * (`cache: 'hit'`); when none does (`'miss'`), the cache is written as the process exits, holding what this
 * session compiled. Without a trusted folder (`'off'`: `cacheDir` null, a folder others can reach or that is not
 * `owner`'s, a system without user ids) it loads the bundle without a cache.
 */
function requireWithCodeCache(bundle, { cacheDir = codeCacheDir(), owner = process.getuid?.() } = {}) {
  const source = readFileSync(bundle, 'utf8');
  const dir = cacheDir === null || owner === undefined ? null : privateDir(cacheDir, owner);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const file = dir === null ? null : join(dir, `client-mcp-${hash}.v8cache`);
  const cachedData = file !== null && isPrivate(file, false, owner) ? readCache(file, hash) : undefined;
  // import() in the bundle, should it have any, loads as it would in a module Node compiled itself.
  const script = new Script(wrap(source), {
    filename: bundle,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const loaded = { exports: {} };
  script
    .runInThisContext()
    .call(loaded.exports, loaded.exports, createRequire(bundle), loaded, bundle, dirname(bundle));
  if (file === null) return { exports: loaded.exports, cache: 'off' };
  if (cachedData !== undefined && !script.cachedDataRejected) return { exports: loaded.exports, cache: 'hit' };
  process.once('exit', () => writeCache(dir, file, hash, script.createCachedData()));
  return { exports: loaded.exports, cache: 'miss' };
}

module.exports = { codeCacheDir, requireWithCodeCache };
