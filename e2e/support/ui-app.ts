import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppProcess } from './app-process.js';

const UI_LINE = /^UI: (http:\/\/127\.0\.0\.1:\d+\/\?session=\S+)$/m;

/**
 * The UI address the app printed, as soon as it is printed (the line follows the control-plane line once the UI
 * server runs); the benches time starts with it, so it is read on each output chunk rather than polled.
 */
export function uiUrlOf(app: AppProcess, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdout = app.child.stdout;
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      stdout?.off('data', look);
      outcome();
    };
    const look = () => {
      const url = UI_LINE.exec(app.stdout())?.[1];
      if (url !== undefined) finish(() => resolve(url));
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`client printed no UI address:\n${app.stdout()}`))),
      timeoutMs,
    );
    stdout?.on('data', look);
    look();
  });
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local API for the UI to send requests to: it answers JSON describing what it received. */
export async function startEchoServer(): Promise<{
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      response.setHeader('content-type', 'application/json');
      response.setHeader('x-powered-by', 'echo');
      response.end(JSON.stringify({ ok: true, youSent: { method: entry.method, url: entry.url, body: entry.body } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
