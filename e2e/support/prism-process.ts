import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Prism's command-line program, run by path with this Node (the `prism` in node_modules/.bin is a shell link). */
function prismProgram(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
}

export interface PrismMock {
  url: string;
  /** Everything Prism printed, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `prism mock <document> -p <port> -h 127.0.0.1` and resolves once Prism says it listens; rejects with its
 * output when it exits first.
 */
export function startPrism(document: string, port: number): Promise<PrismMock> {
  const child: ChildProcess = spawn(
    process.execPath,
    [prismProgram(), 'mock', document, '-p', String(port), '-h', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Prism is listening')) {
        resolve({
          url: `http://127.0.0.1:${port}`,
          output: () => output,
          async stop() {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism exited with ${code} before listening:\n${output}`)));
  });
}
