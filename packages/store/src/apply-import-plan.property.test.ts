import { isAppError, planCollection } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyImportPlan } from './apply-import-plan.js';
import { countRows, useTempStores } from './store.test-support.js';

const SEEDS: unknown[] = [
  {
    openapi: '3.1.0',
    info: { title: 'Seed', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/a/{id}': {
        get: { tags: ['A'], summary: 'Get a', parameters: [{ name: 'id', in: 'path', required: true, example: 1 }] },
        post: {
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { x: { type: 'string' } } } } },
          },
        },
      },
    },
  },
  {
    info: { name: 'Seed', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: [
      {
        name: 'F',
        description: 'folder',
        item: [
          {
            name: 'R',
            event: [{ listen: 'prerequest', script: { exec: ['a();', 'b();'] } }],
            request: {
              method: 'PUT',
              url: 'https://x.example.com/r/:id',
              description: { content: 'd' },
              body: { mode: 'raw', raw: '{}' },
            },
          },
        ],
      },
    ],
    variable: [{ key: 'v', value: '1' }],
  },
  {
    name: 'Env',
    _postman_variable_scope: 'environment',
    values: [{ key: 'k', value: 'v', type: 'secret', enabled: true }],
  },
  {
    log: {
      entries: [
        { request: { method: 'GET', url: 'https://h.example.com/p?q=1', headers: [{ name: 'A', value: 'b' }] } },
      ],
    },
  },
  {
    _type: 'export',
    __export_format: 4,
    resources: [
      { _id: 'w', _type: 'workspace', name: 'W' },
      { _id: 'r', parentId: 'w', _type: 'request', name: 'R', method: 'GET', url: '{{ _.base }}/x' },
    ],
  },
];

/** Replaces the value at a random path of a document with an arbitrary JSON value: the mutations an import meets. */
function mutate(document: unknown, path: number[], replacement: unknown): unknown {
  if (path.length === 0 || typeof document !== 'object' || document === null) return replacement;
  const entries = Object.entries(document);
  if (entries.length === 0) return replacement;
  const [step = 0, ...rest] = path;
  const index = step % entries.length;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(document) ? [...document] : { ...document };
  const [key, value] = entries[index] ?? ['', undefined];
  (copy as Record<string, unknown>)[key] = mutate(value, rest, replacement);
  return copy;
}

const mutatedDocument = fc
  .tuple(fc.constantFrom(...SEEDS), fc.array(fc.nat(), { maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }))
  .map(([seed, path, replacement]) => mutate(seed, path, replacement));

describe('importing mutated documents', () => {
  const stores = useTempStores();

  it('never crashes: each document is planned and written, or refused with an AppError, and a refusal writes nothing', () => {
    const store = stores.open();
    const counts = () => countRows(stores.path());
    fc.assert(
      fc.property(mutatedDocument, (document) => {
        const before = counts();
        try {
          const plan = planCollection(document);
          applyImportPlan(store, plan);
        } catch (error) {
          if (!isAppError(error)) throw error;
          expect(counts()).toEqual(before);
        }
      }),
      { numRuns: 1000 },
    );
    // A thousand real imports into a SQLite file: seconds on a busy machine, more than vitest's default allows.
  }, 60_000);
});
