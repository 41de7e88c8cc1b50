import { type IncomingHttpHeaders, request } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface HttpCall {
  method?: string;
  path: string;
  /** `host: null` sends no Host header at all. */
  headers?: Record<string, string | null>;
  body?: string | Buffer;
}

/** One request over a fresh connection to 127.0.0.1:`port`, with exactly the headers given (plus Host). */
export function httpCall(port: number, call: HttpCall): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  let setHost = true;
  for (const [name, value] of Object.entries(call.headers ?? {})) {
    if (value === null) {
      if (name.toLowerCase() === 'host') setHost = false;
    } else headers[name] = value;
  }
  // Node sends a GET or DELETE body without framing unless the length is given.
  if (call.body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(call.body));
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: call.method ?? 'GET', path: call.path, headers, setHost, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}
