import { connect } from 'node:net';

/** One HTTP response read off a raw connection. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
}

export interface RawExchange {
  /** Every response the server sent before it closed the connection, in order. */
  responses: RawResponse[];
  /** Bytes after the last complete response (a healthy server sends none). */
  trailing: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Splits what a server sent into responses; the control plane frames every answer with Content-Length. */
function parseResponses(bytes: Buffer): RawExchange {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const headerEnd = bytes.indexOf('\r\n\r\n', offset);
    if (headerEnd === -1) break;
    const [statusLine = '', ...headerLines] = bytes.subarray(offset, headerEnd).toString('latin1').split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3}) /.exec(statusLine);
    if (status === null) break;
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headerEnd + 4;
    if (bodyStart + length > bytes.length) break;
    const body = bytes.subarray(bodyStart, bodyStart + length).toString('utf8');
    responses.push({ status: Number(status[1]), headers, body, json: parseJson(body) });
    offset = bodyStart + length;
  }
  return { responses, trailing: bytes.subarray(offset).toString('latin1') };
}

/**
 * Opens a connection to 127.0.0.1:`port`, writes `request` exactly as given (in one write, or chunk by chunk
 * when it is a list), half-closes it, and resolves with everything the server answered once it has closed the
 * connection. Rejects when the server keeps it open longer than `timeoutMs`.
 */
export function rawExchange(
  port: number,
  request: string | Buffer | readonly (string | Buffer)[],
  timeoutMs = 15_000,
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server that closes while we still write resets the connection; what it answered before counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponses(Buffer.concat(chunks)));
    });
    socket.once('connect', () => {
      for (const part of Array.isArray(request) ? request : [request]) socket.write(part);
      socket.end();
    });
  });
}

/** A request as raw bytes: the request line, the headers in order (a null value leaves one out), then the body. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string | null>,
  body: string | Buffer = '',
): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`];
  for (const [name, value] of Object.entries(headers)) if (value !== null) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]);
}

export interface DribbleOptions {
  /** One byte is sent every `intervalMs`. */
  intervalMs: number;
  /** This many bytes go out at once first (the headers, when only the body should dribble); 0 unless given. */
  sendFirst?: number;
  /** Rejects when the server keeps the connection open longer; 30 s unless given. */
  timeoutMs?: number;
}

/**
 * Sends `request` byte by byte (a slow or stalled client) and resolves with what the server answered once it
 * closed the connection, and how many bytes had been sent by then.
 */
export function dribble(
  port: number,
  request: Buffer,
  options: DribbleOptions,
): Promise<RawExchange & { bytesSent: number }> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sent = options.sendFirst ?? 0;
    socket.once('connect', () => socket.write(request.subarray(0, sent)));
    const ticker = setInterval(() => {
      if (sent < request.length && socket.writable) socket.write(request.subarray(sent, ++sent));
    }, options.intervalMs);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a dribbling connection open for ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(ticker);
      clearTimeout(timer);
      resolve({ ...parseResponses(Buffer.concat(chunks)), bytesSent: sent });
    });
  });
}
