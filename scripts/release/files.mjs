// File helpers the package scripts share.
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

export function run(command, args, options = {}) {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options }).trim();
}

/** Every file under `dir`, with its path. */
export function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Directories and executables 0755 (native addons excepted), everything else 0644, whatever the checkout's modes were. */
export function normaliseModes(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) normaliseModes(path);
    // A native addon is a shared library, loaded, never run.
    else chmodSync(path, statSync(path).mode & 0o111 && !entry.name.endsWith('.node') ? 0o755 : 0o644);
  }
}

export function directorySize(dir) {
  return filesUnder(dir).reduce((bytes, path) => bytes + statSync(path).size, 0);
}

/** Whether the file starts with `magic` (bytes as a latin1 string). */
export function startsWith(path, magic) {
  return readFileSync(path).subarray(0, magic.length).toString('latin1') === magic;
}

/** One time on every file and folder under `dir` (the zip format's earliest, 1980), so archives are reproducible. */
function fixTimes(dir) {
  const time = new Date('1980-01-02T00:00:00Z');
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    utimesSync(join(entry.parentPath, entry.name), time, time);
  }
  utimesSync(dir, time, time);
}

/** Same bytes for the same tree: fixed owner, order and times. */
export const REPRODUCIBLE_TAR = ['--owner=0', '--group=0', '--numeric-owner', '--sort=name', '--mtime=@0'];

/**
 * Zips `top` (a folder in `parent`) to `zipFile` with Unix modes and symbolic links kept and fixed times. 7-Zip's
 * deflate makes it about 5% smaller than zip's, and every unzip (Finder's, Explorer's) reads it.
 */
export function writeZip(parent, top, zipFile) {
  fixTimes(join(parent, top));
  rmSync(zipFile, { force: true });
  execFileSync('7z', ['a', '-tzip', '-mx=9', '-mtc=off', '-mmt=2', zipFile, top], { cwd: parent, stdio: 'ignore' });
}
