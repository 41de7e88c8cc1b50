import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type DrainBounds, drainUnreadBody } from './drain-request.js';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((done) => server?.close(done));
  server = undefined;
});

/** A server that drains each request within `bounds`, then answers whether the body had ended. */
async function drainingServer(bounds: DrainBounds): Promise<number> {
  const created = createServer((request: IncomingMessage, response) => {
    void drainUnreadBody(request, bounds).then(() => {
      response.setHeader('connection', 'close');
      response.end(request.readableEnded ? 'ended' : 'not ended');
    });
  });
  server = created;
  await new Promise<void>((listening) => created.listen(0, '127.0.0.1', listening));
  return (created.address() as AddressInfo).port;
}

/** Sends the headers and `first`, then `rest` a moment later (or never), and returns the answer's body. */
function exchange(port: number, contentLength: number, first: string, rest: string | null): Promise<string> {
  return new Promise((answered, failed) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', failed);
    socket.on('close', () => answered(received.split('\r\n\r\n')[1] ?? ''));
    socket.once('connect', () => {
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${contentLength}\r\n\r\n${first}`);
      if (rest !== null) setTimeout(() => socket.end(rest), 100);
    });
  });
}

describe('drainUnreadBody', () => {
  it('waits for the rest of a body within the bounds before the answer', async () => {
    const port = await drainingServer({ maxBytes: 1_000, maxMs: 10_000 });
    expect(await exchange(port, 20, 'a'.repeat(10), 'b'.repeat(10))).toBe('ended');
  });

  it('does not wait for a body declared larger than the bounds', async () => {
    const port = await drainingServer({ maxBytes: 10, maxMs: 10_000 });
    expect(await exchange(port, 20, 'a'.repeat(10), 'b'.repeat(10))).toBe('not ended');
  });

  it('stops waiting for a body that does not arrive in time', async () => {
    const port = await drainingServer({ maxBytes: 1_000, maxMs: 50 });
    expect(await exchange(port, 20, 'a'.repeat(10), null)).toBe('not ended');
  });
});
