import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface RawMcpSession {
  /** Sends a JSON-RPC request and resolves with the response that carries its id. */
  request(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  notify(method: string, params?: Record<string, unknown>): void;
  /** Writes one line as it is, for input that is not a well-formed message. */
  send(line: string): void;
  /** Every line client-mcp wrote to stdout, exactly as written. */
  stdoutLines: string[];
  /** Closes stdin and resolves with the exit code once the process has ended. */
  end(): Promise<number | null>;
}

/**
 * Speaks newline-delimited JSON-RPC to a client-mcp process directly, keeping its raw stdout, so a test can check
 * that nothing but protocol messages ever reaches it.
 */
export function startRawMcpSession(command: string, args: string[], env: NodeJS.ProcessEnv): RawMcpSession {
  const child: ChildProcessWithoutNullStreams = spawn(command, args, { env, stdio: 'pipe' });
  const stdoutLines: string[] = [];
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  let nextId = 1;
  createInterface({ input: child.stdout }).on('line', (line) => {
    stdoutLines.push(line);
    try {
      const message = JSON.parse(line) as Record<string, unknown>;
      if (typeof message.id === 'number') waiting.get(message.id)?.(message);
    } catch {
      // Kept in stdoutLines; the test reports it.
    }
  });
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return {
    request(method, params = {}) {
      const id = nextId++;
      const answer = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return answer;
    },
    notify(method, params = {}) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
    },
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    stdoutLines,
    end() {
      child.stdin.end();
      return exited;
    },
  };
}
