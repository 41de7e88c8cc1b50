import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { wrapResponses } from './unified-response.js';

/** A server whose routes are wrapped, logging into `lines`. */
async function wrappedServer(lines: string[]) {
  const app = Fastify({ loggerInstance: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) });
  await app.register(async (api) => {
    wrapResponses(api);
    api.get('/value', async () => ({ id: 1 }));
    api.get('/nothing', async () => undefined);
    api.get('/by-itself', async (_request, reply) => reply.status(400).send({ code: 400, data: [1], msg: 'no' }));
    api.get('/plain', () => 'not async');
    api.get('/throws', () => {
      throw new Error('thrown before any await');
    });
  });
  return app;
}

describe('wrapResponses', () => {
  it('wraps a returned value, and nothing as null data', async () => {
    const app = await wrappedServer([]);
    expect((await app.inject('/value')).json()).toEqual({ code: 200, data: { id: 1 }, msg: 'success' });
    expect((await app.inject('/nothing')).json()).toEqual({ code: 200, data: null, msg: 'success' });
  });

  it('wraps the value of a handler that is not async, and hands what one throws to the error handler', async () => {
    const app = await wrappedServer([]);
    expect((await app.inject('/plain')).json()).toEqual({ code: 200, data: 'not async', msg: 'success' });
    const thrown = await app.inject('/throws');
    expect({ status: thrown.statusCode, message: thrown.json().message }).toEqual({
      status: 500,
      message: 'thrown before any await',
    });
  });

  it('leaves alone a handler that answered by itself and returned reply, without a warning', async () => {
    const lines: string[] = [];
    const app = await wrappedServer(lines);
    const response = await app.inject('/by-itself');
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { code: 400, data: [1], msg: 'no' },
    });
    expect(lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 40)).toEqual([]);
  });
});
