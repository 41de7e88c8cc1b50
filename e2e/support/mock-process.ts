import { type ChildProcess, spawn } from 'node:child_process';
import { CLIENT_BIN } from './app-process.js';

const MOCK_LINE = /^Mock: (http:\/\/127\.0\.0\.1:(\d+))$/m;

interface MockExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running `client mock`, started by `startMockProcess`. */
export interface MockProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>`, as printed. */
  readonly url: string;
  readonly port: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the printed text once it matches `pattern` (it may have already). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Sends `signal` (SIGINT unless given) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<MockExit>;
}

const running = new Set<ChildProcess>();

process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function exitOf(child: ChildProcess): Promise<MockExit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/**
 * Spawns `client mock <args>` on a data dir and resolves once it has printed its `Mock:` line; rejects with what it
 * printed when it exits first, or prints nothing within `startTimeoutMs` (30 s unless given).
 */
export function startMockProcess(
  args: readonly string[],
  options: { dataDir: string; node?: string; startTimeoutMs?: number },
): Promise<MockProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, CLIENT_DATA_DIR: options.dataDir };
  delete env.CLIENT_FLAVOR;
  const child = spawn(options.node ?? process.execPath, [CLIENT_BIN, 'mock', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = exitOf(child);
  void exited.then(() => running.delete(child));
  let out = '';
  let err = '';
  const watchers = new Set<() => void>();
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    out += chunk;
    for (const watch of watchers) watch();
  });
  child.stderr?.on('data', (chunk: string) => {
    err += chunk;
  });

  const waitForOutput = (pattern: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        watchers.delete(check);
        child.off('close', onClose);
      };
      const check = () => {
        const match = pattern.exec(out);
        if (match === null) return;
        done();
        resolve(match);
      };
      const fail = (why: string) => {
        done();
        reject(new Error(`client mock ${why}, waiting for ${pattern}\n--- stdout\n${out}\n--- stderr\n${err}`));
      };
      // 'close' rather than 'exit': it comes once the output pipes are drained, so nothing printed is missed.
      const onClose = (code: number | null) => fail(`exited with code ${code}`);
      const timer = setTimeout(() => fail(`printed nothing matching within ${timeoutMs} ms`), timeoutMs);
      watchers.add(check);
      if (child.stdout?.readableEnded === true) {
        check();
        if (watchers.has(check)) fail('had exited');
        return;
      }
      child.once('close', onClose);
      check();
    });

  return waitForOutput(MOCK_LINE, options.startTimeoutMs).then((match) => ({
    child,
    url: match[1] ?? '',
    port: Number(match[2]),
    stdout: () => out,
    stderr: () => err,
    waitForOutput,
    stop: (signal = 'SIGINT') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  }));
}

/** Kills every `client mock` this helper started. Use in `afterEach`/`afterAll`. */
export async function stopMockProcesses(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      const exited = exitOf(child);
      child.kill('SIGKILL');
      return exited;
    }),
  );
}
