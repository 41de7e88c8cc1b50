import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppProcess } from './app-process.js';

const UI_LINE = /^UI: (http:\/\/127\.0\.0\.1:\d+\/\?session=\S+)$/m;

/** The UI address the app printed (the line comes in the same banner as the control-plane line). */
export async function uiUrlOf(app: AppProcess, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = UI_LINE.exec(app.stdout());
    if (match?.[1] !== undefined) return match[1];
    if (Date.now() > deadline) throw new Error(`client printed no UI address:\n${app.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
