import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { nodeRuntime } from '../../scripts/release/node-runtime.mjs';

const run = promisify(execFile);
export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const VERSION = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'app', 'package.json'), 'utf8')) as { version: string }
).version;
/** A first build fetches a runtime, bundles and compresses; later ones copy the build cache's copy. */
export const BUILD_TIMEOUT_MS = 900_000;

/** Runs a package script (`scripts/package-<name>.mjs`), which builds its artifacts or copies them from the cache. */
export async function buildArtifacts(script: string): Promise<void> {
  await run(process.execPath, [join(REPO_ROOT, 'scripts', script)], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
}

/** This machine's copy of the Linux packages' Node 24, which runs any package's (platform-free) JavaScript here. */
export function linuxNode24(): string {
  return nodeRuntime('linux-x64').node;
}

/** The magic numbers of executables and shared libraries: ELF, PE (MZ), Mach-O 64-bit and universal. */
const BINARY_MAGICS = ['7f454c46', '4d5a', 'cffaedfe', 'cafebabe'];

/** Whether the file is an executable or a shared library of any platform. */
export function isBinary(path: string): boolean {
  const head = readFileSync(path).subarray(0, 4).toString('hex');
  return statSync(path).size > 64 && BINARY_MAGICS.some((magic) => head.startsWith(magic));
}

/** What `file` says of each path, without the path. */
export async function fileTypes(paths: readonly string[]): Promise<string[]> {
  const { stdout } = await run('file', ['--brief', ...paths]);
  return stdout.trimEnd().split('\n');
}
