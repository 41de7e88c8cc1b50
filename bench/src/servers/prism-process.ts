import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { exitOf, type ServerProcess } from './server-process.js';

const LISTENING = /Prism is listening on http:\/\/127\.0\.0\.1:(\d+)/;

/** Prism's command line, from the root devDependency `@stoplight/prism-cli`. */
function prismBin(): string {
  const manifest = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
  return join(manifest, '..', 'dist', 'index.js');
}

/** Writes `document` as JSON to `dir` for Prism to read. */
export function writeOpenApiFile(dir: string, document: unknown): string {
  const path = join(dir, 'openapi.json');
  writeFileSync(path, JSON.stringify(document));
  return path;
}

/**
 * `prism mock <file>` on 127.0.0.1:`port`, as a person starts it (its defaults: static examples, request validation,
 * a log line per request, which is read and dropped), resolved once it says it listens.
 */
export function startPrism(file: string, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, [prismBin(), 'mock', '-h', '127.0.0.1', '-p', String(port), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    const exited = exitOf(child);
    child.kill('SIGKILL');
    return exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: string) => {
      output += chunk;
      const match = LISTENING.exec(output);
      if (match === null) return;
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      // Its log is read and dropped, as a terminal would take it.
      child.stdout?.resume();
      resolve({ child, pid: child.pid ?? 0, port, origin: `http://127.0.0.1:${port}`, stop });
    };
    const onExit = (code: number | null) =>
      reject(new Error(`prism exited with code ${code} before listening:\n${output}`));
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
    });
    child.once('exit', onExit);
  });
}
