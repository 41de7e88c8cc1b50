import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The committed launcher `npm start` runs; it needs the built packages (`npm run build`). */
export const CLIENT_BIN = resolve(import.meta.dirname, '../../packages/app/bin/client.js');
const BUILT_CLI = resolve(import.meta.dirname, '../../packages/app/dist/cli.js');
/** The app bundle `npm run build` writes, which the launcher runs while it is current. */
export const APP_BUNDLE = resolve(import.meta.dirname, '../../packages/app/dist/bundle/client.mjs');

const CONTROL_PLANE_LINE = /^Control plane: (?:http:\/\/127\.0\.0\.1:(\d+)|down — (.*))$/m;

interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AgentAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
}

export interface AgentRequestOptions {
  /** Sent as `Authorization: Bearer`; `null` sends no token. */
  token?: string | null;
  /** Extra or replacing headers; a `null` value removes the header (`host: null` sends none). */
  headers?: Record<string, string | null>;
  /** An object is sent as JSON with `Content-Type: application/json`; a string or Buffer as is. */
  body?: unknown;
}

export interface AppProcessOptions {
  /** The data dir to run on; a fresh temporary one unless given (removed by `cleanupAppProcesses`). */
  dataDir?: string;
  /** Arguments after the bin; `['--no-window']` unless given. */
  args?: readonly string[];
  /** Added to the environment; `CLIENT_DATA_DIR` is always the data dir, `CLIENT_FLAVOR` is unset unless given. */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the app to print its control-plane line; 30 s unless given. */
  startTimeoutMs?: number;
  /** The script Node runs: the launcher (`CLIENT_BIN`) unless given, e.g. `APP_BUNDLE` to run the bundle for sure. */
  entry?: string;
  /** The Node that runs it: this process's unless given, e.g. a release package's own runtime. */
  node?: string;
}

/** A running `client` process, started by `startAppProcess`. */
export interface AppProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly dataDir: string;
  readonly tokenPath: string;
  /** The token the app wrote, read once it was ready. */
  readonly token: string;
  /** The control plane's port and address as printed; null when it is down. */
  readonly port: number | null;
  readonly address: string | null;
  /** Why the control plane is down, as printed; null when it runs. */
  readonly downReason: string | null;
  /** Everything the process printed so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited, however that happened. */
  readonly exited: Promise<ExitInfo>;
  /** A request to this app's control plane, with its token unless `options.token` says otherwise. */
  request(method: string, path: string, options?: AgentRequestOptions): Promise<AgentAnswer>;
  /** Sends `signal` (SIGTERM unless given) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<ExitInfo>;
  /** SIGKILL, as a crash would, and waits for the exit. */
  kill(): Promise<ExitInfo>;
}

const running = new Set<ChildProcess>();
const temporaryDirs = new Set<string>();

// A test run that dies must not leave apps holding the shared ports.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A fresh, empty data dir, removed by `cleanupAppProcesses`. */
export function createDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'client-e2e-'));
  temporaryDirs.add(dir);
  return dir;
}

function childEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CLIENT_FLAVOR;
  return { ...env, ...extra, CLIENT_DATA_DIR: dataDir };
}

function requireBuild(): void {
  if (!existsSync(BUILT_CLI)) {
    throw new Error(`${BUILT_CLI} is missing: run \`npm run build\` before the end-to-end tests`);
  }
}

function collect(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    text += chunk;
  });
  return () => text;
}

function exitOf(child: ChildProcess): Promise<ExitInfo> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
}

/** One HTTP request to 127.0.0.1:`port` on a fresh connection, with exactly the headers asked for. */
export function agentRequest(
  port: number,
  method: string,
  path: string,
  options: AgentRequestOptions = {},
): Promise<AgentAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined;
  if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  let setHost = true;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    const key = name.toLowerCase();
    if (value !== null) headers[key] = value;
    else {
      delete headers[key];
      if (key === 'host') setHost = false;
    }
  }
  if (body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(body));
  return new Promise((resolveAnswer, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolveAnswer({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Starts the real `client` bin (headless) on a data dir and resolves once it has printed where its
 * control plane listens (or why it is down). Rejects with the process output if it exits first.
 */
export async function startAppProcess(options: AppProcessOptions = {}): Promise<AppProcess> {
  requireBuild();
  const dataDir = options.dataDir ?? createDataDir();
  const child = spawn(
    options.node ?? process.execPath,
    [options.entry ?? CLIENT_BIN, ...(options.args ?? ['--no-window'])],
    {
      env: childEnv(dataDir, options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  const exited = exitOf(child);
  void exited.then(() => running.delete(child));
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);

  const line = await new Promise<RegExpExecArray>((resolveLine, reject) => {
    const timeoutMs = options.startTimeoutMs ?? 30_000;
    const fail = (why: string) => {
      cleanup();
      reject(new Error(`client ${why}\n--- stdout\n${stdout()}\n--- stderr\n${stderr()}`));
    };
    const timer = setTimeout(() => fail(`printed no control-plane line within ${timeoutMs} ms`), timeoutMs);
    const onData = () => {
      const match = CONTROL_PLANE_LINE.exec(stdout());
      if (match !== null) {
        cleanup();
        resolveLine(match);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited (code ${code}, signal ${signal}) before it was ready`);
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    onData();
  });

  const port = line[1] === undefined ? null : Number(line[1]);
  const tokenPath = join(dataDir, 'agent-token');
  const token = readFileSync(tokenPath, 'utf8').trim();
  const signalAndWait = (signal: NodeJS.Signals): Promise<ExitInfo> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    child,
    pid: child.pid ?? 0,
    dataDir,
    tokenPath,
    token,
    port,
    address: port === null ? null : `http://127.0.0.1:${port}`,
    downReason: line[2] ?? null,
    stdout,
    stderr,
    exited,
    request(method, path, requestOptions = {}) {
      if (port === null) throw new Error(`the control plane is down: ${line[2]}`);
      return agentRequest(port, method, path, { token, ...requestOptions });
    },
    stop: (signal = 'SIGTERM') => signalAndWait(signal),
    kill: () => signalAndWait('SIGKILL'),
  };
}

export interface CommandResult extends ExitInfo {
  stdout: string;
  stderr: string;
}

/** Runs `client <args>` to completion on a data dir (`client status`, `client project list`, …). */
export async function runClientCommand(
  args: readonly string[],
  options: { dataDir: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; input?: string },
): Promise<CommandResult> {
  requireBuild();
  const child = spawn(process.execPath, [CLIENT_BIN, ...args], {
    env: childEnv(options.dataDir, options.env),
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.input !== undefined) child.stdin?.end(options.input);
  running.add(child);
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
  // 'close' rather than 'exit': it comes once the output pipes are drained too.
  const exit = await new Promise<ExitInfo>((done) => child.once('close', (code, signal) => done({ code, signal })));
  clearTimeout(timer);
  running.delete(child);
  return { ...exit, stdout: stdout(), stderr: stderr() };
}

/** Stops every app this helper started (SIGKILL) and removes the temporary data dirs. Use in `afterEach`/`afterAll`. */
export async function cleanupAppProcesses(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      const exit = exitOf(child);
      child.kill('SIGKILL');
      return exit;
    }),
  );
  running.clear();
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
  temporaryDirs.clear();
}
