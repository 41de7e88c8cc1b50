import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { helloProof } from '../hello-proof.js';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The client's end of the connection: requests with the same one came on the same connection. */
  clientPort: number;
}

/**
 * What a handler answers: a status with a JSON value, raw text, nothing at all (the socket hangs), or a dropped
 * connection (as when the app dies mid-request).
 */
export type StandInAnswer = { status: number; json: unknown } | { status: number; text: string } | 'hang' | 'reset';

export interface HttpStandIn {
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 and an ephemeral port (never the control plane's 4110–4129), answering as the
 * handler says. Stands in for a control plane, or for some other program, in discovery and forwarding tests.
 */
export async function startHttpStandIn(handler: (request: SeenRequest) => StandInAnswer): Promise<HttpStandIn> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        clientPort: req.socket.remotePort ?? 0,
      };
      seen.push(request);
      const answer = handler(request);
      if (answer === 'hang') return;
      if (answer === 'reset') {
        req.socket.destroy();
        return;
      }
      if ('json' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
      } else {
        res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.text);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens: bound once by the OS's choice, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function bearer(request: SeenRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/**
 * Answers the way the control plane does about tokens: 401 `{code, message}` for a wrong token, health for the right
 * one, and `routes` (by `METHOD /path`) for the rest, 404 `NOT_FOUND` otherwise.
 */
export function controlPlaneHandler(
  token: string,
  routes: Record<string, (request: SeenRequest) => StandInAnswer> = {},
): (request: SeenRequest) => StandInAnswer {
  return (request) => {
    const hello = /^\/agent\/hello\?nonce=([0-9a-f]{64})$/.exec(request.url);
    if (request.method === 'GET' && hello?.[1] !== undefined) {
      // As the app does: the proof for the port this stand-in listens on, which the Host header names.
      const port = Number(request.headers.host?.split(':')[1]);
      return { status: 200, json: { app: 'Client', proof: helloProof(token, hello[1], port) } };
    }
    if (bearer(request) !== token) {
      return { status: 401, json: { code: 'UNAUTHORIZED', message: 'missing or wrong agent token' } };
    }
    if (request.method === 'GET' && request.url === '/agent/health') {
      return { status: 200, json: { status: 'ok', app: 'Client', version: '0.1.0', flavor: 'dev', port: 0 } };
    }
    const route = routes[`${request.method} ${request.url}`];
    if (route) return route(request);
    return { status: 404, json: { code: 'NOT_FOUND', message: `no route ${request.method} ${request.url}` } };
  };
}
