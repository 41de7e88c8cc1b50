import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { nodeRuntime } from '../../scripts/release/node-runtime.mjs';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ARCHETYPE_BIN = join(REPO_ROOT, 'packages/archetype/bin/archetype.js');

/**
 * The Node generated projects run on here: the release's Node 24 (fetched once into
 * node_modules/.cache/client-runtime), the runtime of the project's image, CI and README; this checkout develops on
 * Node 20. Its headers build a native addon for it without a download, should a dependency compile one.
 */
function projectRuntime(): ReturnType<typeof nodeRuntime> {
  // Looked up when first needed, not on import: the files that only probe ports never fetch it.
  fetchedRuntime ??= nodeRuntime();
  return fetchedRuntime;
}
let fetchedRuntime: ReturnType<typeof nodeRuntime> | undefined;

/** The `node` binary of that runtime, which starts a generated service as its image does. */
export function projectNode(): string {
  return projectRuntime().node;
}

/** `npm install` of a generated project downloads hundreds of packages, so it gets minutes. */
export const INSTALL_TIMEOUT = 600_000;

export interface CommandResult {
  readonly code: number | null;
  readonly output: string;
}

/**
 * The environment of a command run as a user would run it in a fresh shell: without the variables npm sets for
 * the test run itself (INIT_CWD would redirect the generator, npm_config_* would reconfigure nested npm runs), and
 * with the project's Node first on the PATH, so `npm`, `npx` and the project's scripts run on it.
 */
export function userEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name === 'INIT_CWD' || name.startsWith('npm_') || name.startsWith('VITEST') || name === 'NODE_ENV') continue;
    env[name] = value;
  }
  const { node, headers } = projectRuntime();
  const runtime = { PATH: `${dirname(node)}${delimiter}${env.PATH ?? ''}`, npm_config_nodedir: headers };
  return { ...env, ...runtime, ...extra };
}

/** Runs a command to completion and returns its exit code and interleaved stdout and stderr, without colours. */
export function runCommand(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = userEnvironment(),
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, output: stripVTControlCharacters(Buffer.concat(chunks).toString('utf8')) }),
    );
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:`port` within half a second. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (result: boolean): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface RunningService {
  readonly child: ChildProcess;
  /** Every line the service wrote to stdout so far. */
  readonly lines: () => string[];
  /** SIGTERM, resolving once the service has exited and all it wrote is in `lines`. */
  stop(): Promise<void>;
}

/** Starts a long-running process and resolves once a stdout line contains `readyText`. */
export function startService(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  readyText: string,
): Promise<RunningService> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let pending = '';
    let errors = '';
    const service: RunningService = {
      child,
      lines: () => [...lines],
      // Resolves once the process has exited and its output is read to the end, so `lines` holds every line.
      stop: () =>
        new Promise((done) => {
          if (child.exitCode !== null && child.stdout.closed) return done();
          child.once('close', () => done());
          child.kill('SIGTERM');
        }),
    };
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) {
        lines.push(line);
        if (line.includes(readyText)) resolve(service);
      }
    });
    child.once('exit', (code) => reject(new Error(`service exited with ${code} before it was ready:\n${errors}`)));
  });
}

/** Builds the generator its launcher runs; a no-op when `npm test` has built everything already. */
export function buildGenerator(): Promise<CommandResult> {
  return runCommand('npx', ['tsc', '-b', 'packages/archetype'], REPO_ROOT);
}

/** `archetype <args>` run in `cwd`, as a user runs it. */
export function runArchetype(args: readonly string[], cwd: string): Promise<CommandResult> {
  return runCommand(process.execPath, [ARCHETYPE_BIN, ...args], cwd);
}
