import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyMessage, errorResponse, JSON_RPC_ERROR } from './json-rpc.js';

describe('classifyMessage', () => {
  it('reads a request, keeping a string or integer id and the params', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { cursor: 'a' } })).toEqual({
      kind: 'request',
      id: 7,
      method: 'tools/list',
      params: { cursor: 'a' },
    });
    expect(classifyMessage({ jsonrpc: '2.0', id: 'x-1', method: 'ping' })).toEqual({
      kind: 'request',
      id: 'x-1',
      method: 'ping',
      params: {},
    });
  });

  it('reads a message without an id as a notification, and an answer as a response', () => {
    expect(classifyMessage({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({
      kind: 'notification',
      method: 'notifications/initialized',
      params: {},
    });
    expect(classifyMessage({ jsonrpc: '2.0', id: 3, result: {} })).toEqual({ kind: 'response' });
    expect(classifyMessage({ jsonrpc: '2.0', id: 3, error: { code: 1, message: 'x' } })).toEqual({
      kind: 'response',
    });
  });

  it('says why a message is not JSON-RPC 2.0, keeping the id when it can be read', () => {
    expect(classifyMessage([{ jsonrpc: '2.0', id: 1, method: 'ping' }])).toMatchObject({
      kind: 'invalid',
      id: undefined,
      message: expect.stringContaining('a batch'),
    });
    expect(classifyMessage('ping')).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('a JSON string'),
    });
    expect(classifyMessage({ id: 4, method: 'ping' })).toEqual({
      kind: 'invalid',
      id: 4,
      message: 'the message must carry "jsonrpc": "2.0"',
    });
    expect(classifyMessage({ jsonrpc: '2.0', id: 5 })).toMatchObject({ kind: 'invalid', id: 5 });
    expect(classifyMessage({ jsonrpc: '2.0', id: 6, method: 'ping', params: [1] })).toMatchObject({
      kind: 'invalid',
      id: 6,
      message: 'the "params" of ping must be an object',
    });
  });

  it('refuses a request id that is null, fractional or an object', () => {
    for (const id of [null, 1.5, { n: 1 }, true]) {
      expect(classifyMessage({ jsonrpc: '2.0', id, method: 'ping' })).toEqual({
        kind: 'invalid',
        id: undefined,
        message: 'a request id must be a string or an integer',
      });
    }
  });

  it('sorts any JSON value without throwing, and names an id only when it is one MCP allows', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const message = classifyMessage(value);
        expect(['request', 'notification', 'response', 'invalid']).toContain(message.kind);
        if (message.kind === 'request' || (message.kind === 'invalid' && message.id !== undefined)) {
          expect(typeof message.id === 'string' || Number.isSafeInteger(message.id)).toBe(true);
        }
      }),
    );
  });
});

describe('errorResponse', () => {
  it('names the request, or leaves the id out when none could be read', () => {
    expect(errorResponse(2, JSON_RPC_ERROR.methodNotFound, 'no')).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32601, message: 'no' },
    });
    expect(errorResponse(undefined, JSON_RPC_ERROR.parseError, 'not JSON')).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'not JSON' },
    });
  });
});
