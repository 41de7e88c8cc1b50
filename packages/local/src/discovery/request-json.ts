import { type Agent, request } from 'node:http';

export interface JsonRequest {
  port: number;
  method: 'GET' | 'POST';
  path: string;
  /** Sent as a bearer header; absent only for the hello, which is asked before the token may be sent. */
  token?: string;
  /** Sent as `application/json` when present. */
  body?: unknown;
  timeoutMs: number;
  /** Larger answers are abandoned: a foreign program on a scanned port must not make us buffer without end. */
  maxBytes: number;
  /**
   * Keeps the connection for the caller's next request to the same port (its owner destroys it when done);
   * without one, each request has a connection of its own, closed with it.
   */
  agent?: Agent;
}

/** What came back: an HTTP answer (body parsed as JSON, `undefined` when it is not JSON), or why there was none. */
export type JsonAnswer = { kind: 'response'; status: number; body: unknown } | { kind: 'no-answer'; reason: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One request to a loopback port. Never throws: every failure becomes a `no-answer` with a short reason. */
export function requestJson(options: JsonRequest): Promise<JsonAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }

  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: JsonAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };

    // Without the caller's agent, `agent: false`: no keep-alive socket may outlive the call and hold the process open.
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method,
        path: options.path,
        headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            finish({ kind: 'no-answer', reason: `answer larger than ${options.maxBytes} bytes` });
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          finish({
            kind: 'response',
            status: res.statusCode ?? 0,
            body: parseJson(Buffer.concat(chunks).toString('utf8')),
          });
        });
        res.on('error', (error: NodeJS.ErrnoException) =>
          finish({ kind: 'no-answer', reason: error.code ?? error.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: 'no-answer', reason: `no answer within ${options.timeoutMs} ms` });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: 'no-answer', reason: error.code ?? error.message }),
    );
    req.end(payload);
  });
}
