import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApplication } from '../test-application.test-support.js';

interface Received {
  readonly path: string | undefined;
  readonly contentType: string | undefined;
  readonly body: string;
}

const received: Received[] = [];
const collector = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    received.push({ path: request.url, contentType: request.headers['content-type'], body });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(() => new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

describe('OTLP trace export', () => {
  it('is off by default', async () => {
    const { application, logLines } = await startTestApplication();
    await application.close();
    expect(logLines().map((line) => line.msg)).toContain('tracing: in-app, OTLP export off');
  });

  it('sends the spans of a request to management.otlp.tracing.endpoint', async () => {
    const { port } = collector.address() as AddressInfo;
    const endpoint = `http://127.0.0.1:${port}/v1/traces`;
    const { application, logLines } = await startTestApplication({
      management: { otlp: { tracing: { endpoint } } },
    });
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    await fetch(`${application.url}/sys-users/1`, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
    // Closing flushes the batch of spans not yet exported.
    await application.close();
    expect(logLines().map((line) => line.msg)).toContain('tracing: in-app, OTLP export on');
    expect(received.map((request) => request.path)).toContain('/v1/traces');
    expect(received.map((request) => request.body).join('')).toContain(traceId);
  });
});
