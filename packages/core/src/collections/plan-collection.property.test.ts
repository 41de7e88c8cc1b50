import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.js';
import { planBruno } from './plan-bruno.js';
import { planCollection } from './plan-collection.js';

const anyText = fc.oneof(fc.string(), fc.constantFrom('%', '+', '&', '=', '?', '#', ';', '{{a}}', ':id'));
const parts = fc.oneof(anyText, fc.array(fc.oneof(anyText, fc.record({ value: anyText }), fc.jsonValue())));

/** A Postman URL as parts without `raw`, any of them odd. */
const postmanUrlParts = fc.record(
  {
    protocol: fc.oneof(fc.constantFrom('http', 'https'), fc.jsonValue()),
    host: parts,
    port: fc.oneof(fc.constantFrom('8080', ''), fc.jsonValue()),
    path: parts,
    query: fc.array(
      fc.record({ key: fc.oneof(anyText, fc.jsonValue()), value: fc.jsonValue(), disabled: fc.boolean() }),
    ),
    variable: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

const harRows = fc.oneof(fc.array(fc.record({ name: anyText, value: anyText })), fc.jsonValue({ maxDepth: 2 }));

/** A HAR request whose URL, query rows and cookies may disagree with each other. */
const harRequest = fc.record({
  method: fc.constantFrom('GET', 'POST'),
  url: fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), anyText),
  headers: fc.array(fc.record({ name: fc.constantFrom('Cookie', 'cookie', 'Accept'), value: anyText })),
  queryString: harRows,
  cookies: harRows,
});

/** Any JSON at all, and objects that carry a format's marks with arbitrary contents. */
const marked = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record({ openapi: fc.constantFrom('3.0.0', '3.1.0'), paths: fc.jsonValue({ maxDepth: 4 }), tags: fc.jsonValue() }),
  fc.record({ swagger: fc.constant('2.0'), paths: fc.jsonValue({ maxDepth: 4 }), host: fc.jsonValue() }),
  fc.record({
    info: fc.record({ schema: fc.constant('https://schema.getpostman.com/json/collection/v2.1.0/') }),
    item: fc.array(
      fc.record({
        name: fc.jsonValue(),
        description: fc.jsonValue(),
        event: fc.jsonValue({ maxDepth: 3 }),
        request: fc.jsonValue({ maxDepth: 3 }),
        item: fc.jsonValue({ maxDepth: 3 }),
      }),
    ),
  }),
  fc.record({ _postman_variable_scope: fc.constant('environment'), name: fc.jsonValue(), values: fc.jsonValue() }),
  fc.record({ type: fc.constant('collection.insomnia.rest/5.0'), collection: fc.jsonValue({ maxDepth: 4 }) }),
  fc.record({ log: fc.record({ entries: fc.array(fc.jsonValue({ maxDepth: 3 })) }) }),
  fc.record({
    info: fc.record({ schema: fc.constant('https://schema.getpostman.com/json/collection/v2.0.0/') }),
    item: fc.array(
      fc.record({ name: fc.string(), request: fc.record({ method: fc.jsonValue(), url: postmanUrlParts }) }),
    ),
  }),
  fc.record({
    log: fc.record({ entries: fc.array(fc.record({ request: harRequest }), { maxLength: 4 }) }),
  }),
);

describe('planning a collection from untrusted input', () => {
  it('ends in a plan or an AppError, never another error', () => {
    fc.assert(
      fc.property(marked, (document) => {
        try {
          const plan = planCollection(document);
          expect(plan.endpoints.every(({ draft }) => typeof draft.name === 'string' && draft.name !== '')).toBe(true);
        } catch (error) {
          if (!isAppError(error)) throw error;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('plans any Bruno collection as parsed, never throwing', () => {
    const anything = fc.jsonValue({ maxDepth: 3 });
    const collection = fc.record({
      config: anything,
      root: anything,
      folders: fc.array(fc.record({ path: fc.array(fc.string(), { maxLength: 3 }), data: anything })),
      requests: fc.array(
        fc.record({ path: fc.array(fc.string(), { maxLength: 3 }), file: fc.string(), data: anything }),
      ),
      environments: fc.array(fc.record({ name: fc.string(), data: anything })),
      failures: fc.array(fc.record({ file: fc.string(), reason: fc.string() })),
    });
    fc.assert(
      fc.property(collection, (input) => {
        expect(planBruno(input).format).toBe('bruno');
      }),
      { numRuns: 1000 },
    );
  });
});
