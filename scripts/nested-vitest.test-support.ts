import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '..');
const VITEST = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const SUMMARY_REPORTER = join(repoRoot, 'scripts', 'summary-reporter.ts');

/** The environment of a vitest started from scratch, not as a worker of this run. */
function outsideThisRun(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('VITEST') && name !== 'NODE_ENV' && name !== 'TEST' && name !== 'CI') env[name] = value;
  }
  return { ...env, ...extra };
}

export interface VitestRun {
  readonly code: number;
  readonly stdout: string;
  /** Where vitest reports each failure and its error. */
  readonly stderr: string;
}

/** `vitest run` over the test files in `dir`, globals on, with the default and the summary reporters. */
export async function runVitestIn(dir: string, env: NodeJS.ProcessEnv = {}): Promise<VitestRun> {
  const args = [VITEST, 'run', '--root', dir, '--globals', '--reporter', 'default', '--reporter', SUMMARY_REPORTER];
  return run(process.execPath, args, { cwd: dir, env: outsideThisRun({ NO_COLOR: '1', ...env }) }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: VitestRun) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** The last `count` lines a run printed. */
export function lastLines(stdout: string, count: number): string[] {
  return stdout.trimEnd().split('\n').slice(-count);
}
