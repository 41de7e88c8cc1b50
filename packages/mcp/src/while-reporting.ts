import type { ToolCall } from './protocol/tool-server.js';

/**
 * Runs `work` while telling a client that asked for progress, every `intervalMs`, that the call is alive: the
 * control plane says nothing until the person has answered, and a client that resets its timeout on progress
 * (the MCP SDK's `resetTimeoutOnProgress`) then waits on instead of giving up first. `totalMs` is how long the call
 * waits at most, when that is known; `describe` says what is awaited after the waited seconds.
 */
export async function whileReporting<T>(
  call: ToolCall,
  intervalMs: number,
  totalMs: number | undefined,
  describe: (seconds: number) => string,
  work: () => Promise<T>,
): Promise<T> {
  const { progress } = call;
  const started = Date.now();
  const ticker =
    progress === undefined
      ? undefined
      : setInterval(() => {
          const waited = Date.now() - started;
          progress(waited, totalMs, describe(Math.round(waited / 1000)));
        }, intervalMs);
  try {
    return await work();
  } finally {
    clearInterval(ticker);
  }
}
