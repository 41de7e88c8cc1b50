import { AppError, ENDPOINT_STATES, type EndpointDraft } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEndpointDraft, readEndpointFields } from './endpoint-fields.js';

const keyValues = fc.array(fc.record({ key: fc.string(), value: fc.string() }), { maxLength: 4 });

const validDraft: fc.Arbitrary<EndpointDraft> = fc.record({
  name: fc.string({ minLength: 1, maxLength: 200 }).filter((name) => name.trim() === name && name !== ''),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'M-SEARCH'),
  path: fc.string().map((rest) => `/${rest.replace(/[?#]/g, '')}`),
  queryParams: keyValues,
  headers: keyValues,
  body: fc.oneof(
    fc.constant({ mode: 'none' as const }),
    fc.record({ mode: fc.constantFrom('json' as const, 'text' as const), text: fc.string() }),
    fc.record({ mode: fc.constant('urlencoded' as const), fields: keyValues }),
    fc.record({
      mode: fc.constant('multipart' as const),
      parts: fc.array(
        fc.record(
          { name: fc.string(), value: fc.string(), file: fc.string(), contentType: fc.string() },
          { requiredKeys: ['name'] },
        ),
        { maxLength: 3 },
      ),
    }),
    fc.record({ mode: fc.constant('file' as const), path: fc.string() }),
  ),
  auth: fc.oneof(
    fc.constant({ type: 'none' as const }),
    fc.record({
      type: fc.constantFrom('basic' as const, 'digest' as const),
      username: fc.string(),
      password: fc.string(),
    }),
    fc.record({ type: fc.constant('bearer' as const), token: fc.string() }),
    fc.record({
      type: fc.constant('apiKey' as const),
      key: fc.string(),
      value: fc.string(),
      in: fc.constantFrom('header' as const, 'query' as const),
    }),
  ),
  state: fc.constantFrom(...ENDPOINT_STATES),
});

describe('readEndpointFields', () => {
  it('returns every valid draft unchanged', () => {
    fc.assert(
      fc.property(validDraft, (draft) => {
        expect(readEndpointDraft(draft)).toEqual(draft);
      }),
      { numRuns: 1000 },
    );
  });

  it('ends in fields or a VALIDATION AppError for any JSON value, never another error', () => {
    const endpointLike = fc.record(
      {
        name: fc.jsonValue(),
        method: fc.jsonValue(),
        path: fc.jsonValue(),
        queryParams: fc.jsonValue(),
        headers: fc.jsonValue(),
        body: fc.oneof(fc.jsonValue(), fc.record({ mode: fc.string(), text: fc.jsonValue(), fields: fc.jsonValue() })),
        auth: fc.oneof(fc.jsonValue(), fc.record({ type: fc.string(), token: fc.jsonValue(), in: fc.jsonValue() })),
        state: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), endpointLike), (input) => {
        try {
          readEndpointFields(input);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('VALIDATION');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps only the fields the model knows', () => {
    const input = {
      name: 'x',
      extra: 1,
      headers: [{ key: 'A', value: '1', note: 'n' }],
      body: { mode: 'json', text: '{}', fields: [] },
      auth: { type: 'bearer', token: 't', username: 'u' },
    };
    expect(readEndpointFields(input)).toEqual({
      name: 'x',
      headers: [{ key: 'A', value: '1' }],
      body: { mode: 'json', text: '{}' },
      auth: { type: 'bearer', token: 't' },
    });
  });

  it('keeps a switched-off row switched off, an enabled one as rows were, and refuses any other enabled', () => {
    const input = {
      queryParams: [
        { key: 'on', value: '1', enabled: true },
        { key: 'off', value: '2', enabled: false },
      ],
      body: { mode: 'multipart', parts: [{ name: 'p', value: 'v', enabled: false }] },
    };
    expect(readEndpointFields(input)).toEqual({
      queryParams: [
        { key: 'on', value: '1' },
        { key: 'off', value: '2', enabled: false },
      ],
      body: { mode: 'multipart', parts: [{ name: 'p', value: 'v', enabled: false }] },
    });
    expect(() => readEndpointFields({ headers: [{ key: 'A', value: '1', enabled: 'no' }] })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'headers[0].enabled must be true or false, not string' }),
    );
  });

  it('keeps that an empty query value was written `name=`, and refuses any other equals', () => {
    const queryParams = [
      { key: 'empty', value: '', equals: true },
      { key: 'flag', value: '', equals: false },
      { key: 'page', value: '2', equals: true },
    ];
    expect(readEndpointFields({ queryParams })).toEqual({
      queryParams: [
        { key: 'empty', value: '', equals: true },
        { key: 'flag', value: '' },
        { key: 'page', value: '2' },
      ],
    });
    expect(() => readEndpointFields({ queryParams: [{ key: 'a', value: '', equals: 1 }] })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: 'queryParams[0].equals must be true or false, not number',
      }),
    );
  });

  it('requires a name for a new endpoint', () => {
    expect(() => readEndpointDraft({ method: 'GET' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'name is required for a new endpoint' }),
    );
  });
});
