import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { LISTENING_LINE } from './listening-line.js';

export type BareServer =
  | 'bare-json-server'
  | 'bare-list-server'
  | 'bare-fastify-server'
  | 'bare-mock-server'
  | 'bare-relay-server'
  | 'bare-static-server'
  | 'bare-ws-echo-server';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly port: number;
  readonly origin: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

// A run that dies must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Resolves when `child` has exited, however it ends. */
export function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts one of the bundled bare servers (bench/dist/<name>.js) and resolves once it listens; on this process's Node
 * unless `node` names another (a release package's runtime).
 */
export function startBareServer(
  name: BareServer,
  args: readonly string[] = [],
  node: string = process.execPath,
): Promise<ServerProcess> {
  const child = spawn(node, [join(import.meta.dirname, `${name}.js`), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  void exitOf(child).then(() => running.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = LISTENING_LINE.exec(output);
      if (match === null) return;
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      child.off('exit', onExit);
      const port = Number(match[1]);
      resolve({
        child,
        pid: child.pid ?? 0,
        port,
        origin: `http://127.0.0.1:${port}`,
        stop: () => {
          const exited = exitOf(child);
          child.kill();
          return exited;
        },
      });
    });
    const onExit = (code: number | null) => reject(new Error(`${name} exited with code ${code} before listening`));
    child.once('exit', onExit);
  });
}

/** Stops every bare server still running; the runner calls it after each case. */
export async function stopBareServers(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      const exited = exitOf(child);
      child.kill('SIGKILL');
      return exited;
    }),
  );
}
