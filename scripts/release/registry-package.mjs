// A package the release build takes from the npm registry without installing it into the workspace: fetched with
// `npm pack`, checked against the integrity pinned by the caller, unpacked once into
// client-runtime/<name>-<version>/ of the per-person cache (dev-cache.mjs) and reused by every later build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { devCacheDir } from '../dev-cache.mjs';

/** Fetched packages and native modules built for the shipped runtime; apart from the pruned release cache. */
function runtimeCacheDir() {
  return devCacheDir('client-runtime');
}

function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/**
 * The unpacked package `pin` ({name, version, integrity}), fetching it on first use. A tarball whose digest is not
 * the pinned one is refused, so a build never ships code nobody chose.
 */
export function pinnedPackage(pin) {
  const dir = join(runtimeCacheDir(), `${pin.name}-${pin.version}`);
  if (existsSync(join(dir, 'package.json'))) return dir;
  // Another checkout of this account may be fetching the same package at the same time.
  const work = `${dir}.${process.pid}.part`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const spec = `${pin.name}@${pin.version}`;
  const packed = JSON.parse(
    execFileSync('npm', ['pack', spec, '--json', '--pack-destination', work], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const tarball = join(work, packed[0].filename);
  const integrity = integrityOf(tarball);
  if (integrity !== pin.integrity) {
    throw new Error(`${spec} from the registry is ${integrity}, not the pinned ${pin.integrity}`);
  }
  execFileSync('tar', ['-xzf', tarball, '-C', work, '--strip-components=1']);
  rmSync(tarball);
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return dir;
}
