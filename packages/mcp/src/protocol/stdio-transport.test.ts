import { PassThrough, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, StdioTransport } from './stdio-transport.js';

async function started() {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioTransport(input, output);
  const received: unknown[] = [];
  const errors: Error[] = [];
  let closed = false;
  transport.onmessage = (message) => received.push(message);
  transport.onerror = (error) => errors.push(error);
  transport.onclose = () => {
    closed = true;
  };
  await transport.start();
  const written = (): unknown[] =>
    String(output.read() ?? '')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { input, transport, received, errors, written, settle, closed: () => closed };
}

describe('StdioTransport', () => {
  it('hands each line on stdin to onmessage as parsed JSON', async () => {
    const { input, received, settle } = await started();

    input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0",');
    input.write('"method":"notifications/initialized"}\n');
    await settle();

    expect(received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
  });

  it('writes each message as one line of JSON', async () => {
    const { transport, written } = await started();

    await transport.send({ jsonrpc: '2.0', id: 1, result: { text: 'two\nlines' } } as JSONRPCMessage);

    expect(written()).toEqual([{ jsonrpc: '2.0', id: 1, result: { text: 'two\nlines' } }]);
  });

  it('answers a line that is not JSON with a parse error without an id, and reads on', async () => {
    const { input, received, written, settle } = await started();

    input.write('{"jsonrpc": \n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await settle();

    expect(written()).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: 'a line is not JSON: {"jsonrpc": ' } },
    ]);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
  });

  it('skips a message longer than the limit with a parse error, without holding it', async () => {
    const { input, received, written, settle } = await started();

    const chunk = 'x'.repeat(1024 * 1024);
    for (let sent = 0; sent <= MAX_MESSAGE_BYTES; sent += chunk.length) input.write(chunk);
    input.write('\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n');
    await settle();

    expect(written()).toEqual([
      {
        jsonrpc: '2.0',
        error: { code: -32700, message: `a message is longer than ${MAX_MESSAGE_BYTES} bytes; it was skipped` },
      },
    ]);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 3, method: 'ping' }]);
  });

  it('closes when stdin ends', async () => {
    const { input, closed, settle } = await started();

    input.end();
    await settle();

    expect(closed()).toBe(true);
  });

  it('reports a failed write (a host that closed stdout) through onerror instead of throwing', async () => {
    const input = new PassThrough();
    const output = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const transport = new StdioTransport(input, output);
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    await transport.start();

    void transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await new Promise((resolve) => setImmediate(resolve));

    expect(errors.map((error) => error.message)).toEqual(['write EPIPE']);
  });
});
