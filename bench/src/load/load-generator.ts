import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { LoadOptions, LoadResult } from './load-options.js';

/** The bundled worker beside the bundled runner, in bench/dist. */
const WORKER = join(import.meta.dirname, 'load-worker.js');

/**
 * Runs autocannon in a child process against `options.origin` and resolves with the measured run. A run
 * with refused requests or connection errors is a broken benchmark, not a slow one, so it rejects.
 */
export function generateLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.once('message', (message: { result?: LoadResult; error?: string }) => {
      settled = true;
      child.kill();
      const { result } = message;
      if (result === undefined) reject(new Error(`the load generator failed: ${message.error}`));
      else if (result.non2xx > 0 || result.errors > 0 || result.answered2xx === 0) {
        reject(
          new Error(
            `load on ${options.origin}${options.requests[0]?.path}: ${result.answered2xx} 2xx, ${result.non2xx} other answers, ${result.errors} errors`,
          ),
        );
      } else resolve(result);
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`the load generator exited with code ${code} before reporting`));
    });
    child.send(options);
  });
}
