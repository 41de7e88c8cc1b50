import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { AGENT_SEND_DEFAULT_TIMEOUT_MS, readAgentSendRequest } from './agent-send.js';

describe('reading an agent send', () => {
  it('reads the fields, with null and absent alike', () => {
    expect(readAgentSendRequest({ endpointId: 'e1', environmentId: null, overrides: null, timeoutMs: null })).toEqual({
      endpointId: 'e1',
      environmentId: null,
      overrides: { query: [], headers: [], body: null },
      timeoutMs: AGENT_SEND_DEFAULT_TIMEOUT_MS,
    });
    expect(
      readAgentSendRequest({
        endpointId: 'e1',
        environmentId: 'env',
        overrides: { query: { page: '2' }, headers: { 'X-Debug': '1' }, body: '{}' },
        timeoutMs: 5000,
      }),
    ).toEqual({
      endpointId: 'e1',
      environmentId: 'env',
      overrides: { query: [{ key: 'page', value: '2' }], headers: [{ key: 'X-Debug', value: '1' }], body: '{}' },
      timeoutMs: 5000,
    });
  });

  it('refuses, by name, what it cannot send', () => {
    expect(() => readAgentSendRequest([])).toThrow('send a JSON object');
    expect(() => readAgentSendRequest({})).toThrow('endpointId is required');
    expect(() => readAgentSendRequest({ endpointId: 'e1', method: 'DELETE' })).toThrow('method is not a field');
    expect(() => readAgentSendRequest({ endpointId: 'e1', timeoutMs: 10 })).toThrow('timeoutMs must be');
    expect(() => readAgentSendRequest({ endpointId: 'e1', overrides: { url: 'x' } })).toThrow(
      'overrides.url is not an override',
    );
    expect(() => readAgentSendRequest({ endpointId: 'e1', overrides: { headers: { A: 1 } } })).toThrow(
      'overrides.headers.A must be a string',
    );
  });

  it('refuses {{variables}} in overrides, so an agent cannot have a secret resolved where it chooses', () => {
    expect(() =>
      readAgentSendRequest({ endpointId: 'e1', overrides: { headers: { 'X-Leak': '{{api_key}}' } } }),
    ).toThrow('cannot use {{variables}}');
    expect(() => readAgentSendRequest({ endpointId: 'e1', overrides: { body: '{"k":"{{token}}"}' } })).toThrow(
      'cannot use {{variables}}',
    );
  });

  it('throws nothing but a VALIDATION AppError, whatever JSON it is given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (overrides, timeoutMs) => {
        for (const value of [overrides, { endpointId: 'e1', overrides, timeoutMs }]) {
          try {
            readAgentSendRequest(value);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).code).toBe('VALIDATION');
          }
        }
      }),
    );
  });
});
