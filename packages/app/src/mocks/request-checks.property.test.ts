import type { EndpointContract } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestChecker } from './request-checks.js';

const CONTRACT: EndpointContract = {
  parameters: [
    { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
    { name: 'tags', in: 'query', required: false, schema: { type: 'array', items: { type: 'string', maxLength: 3 } } },
    { name: 'when', in: 'query', required: true, schema: { type: 'string', format: 'date-time' } },
    { name: 'X-Version', in: 'header', required: false, schema: { type: 'string', pattern: '^[0-9]+$' } },
  ],
  requestBody: {
    required: true,
    content: [
      { mediaType: 'application/json', schema: { $ref: '#/$defs/Node' } },
      { mediaType: 'application/x-www-form-urlencoded' },
    ],
  },
  responses: [],
  defs: {
    Node: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
    },
  },
};

describe('RequestChecker on untrusted requests', () => {
  const checker = new RequestChecker(CONTRACT);

  it("lists what is wrong with any request, never throwing, each violation in Prism's shape", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 5 }),
        fc.dictionary(fc.stringMatching(/^[a-z-]{1,12}$/), fc.string()),
        fc.oneof(fc.string(), fc.json()),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
        (id, query, headers, body, contentType) => {
          const outcome = checker.check({
            params: { id },
            query: new URLSearchParams(query),
            headers: { ...headers, 'content-type': contentType },
            body: Buffer.from(body),
          });
          for (const violation of outcome.violations) {
            expect(violation).toEqual({
              location: expect.any(Array),
              severity: 'Error',
              code: expect.any(String),
              message: expect.stringMatching(/^(Request|Body)/),
            });
          }
        },
      ),
    );
  });

  it('passes a request that keeps to the contract', () => {
    const outcome = checker.check({
      params: { id: '3' },
      query: new URLSearchParams('tags=a&tags=bc&when=2026-01-02T03:04:05Z'),
      headers: { 'x-version': '2', 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.from('{"name":"root","children":[{"name":"leaf"}]}'),
    });
    expect(outcome).toEqual({ violations: [], unsupportedMediaType: null });
  });
});
