import { describe, expect, it } from 'vitest';
import { MAX_EXAMPLE_BYTES, MAX_EXAMPLE_NODES, schemaExample } from './schema-example.js';

/** Schemas that each name the next `width` times, shared as a dereferenced document shares a `$ref`'s target. */
function fanOut(levels: number, width: number, leaf: unknown): unknown {
  let schema = leaf;
  for (let level = 0; level < levels; level++) {
    const next = schema;
    schema = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: width }, (_, index) => [`p${index}`, next])),
    };
  }
  return schema;
}

/** The values an example holds, containers included. */
function valuesIn(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  return 1 + Object.values(value).reduce<number>((sum, inner) => sum + valuesIn(inner), 0);
}

describe('schemaExample', () => {
  it('builds an example from the types, formats and own examples of a schema', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        count: { type: 'integer', minimum: 1 },
        tags: { type: 'array', items: { type: 'string', example: 'new' } },
      },
    };
    expect(schemaExample(schema)).toEqual({ id: '00000000-0000-4000-8000-000000000000', count: 1, tags: ['new'] });
  });

  it('stops growing at its budget of schemas when shared schemas fan out', () => {
    const example = schemaExample(fanOut(8, 6, { type: 'string' }));
    expect(valuesIn(example)).toBeLessThanOrEqual(MAX_EXAMPLE_NODES);
    expect(example).toMatchObject({ p0: { p0: { p0: { p0: expect.any(Object) } } } });
  });

  it('stops growing at its budget of bytes when a large example is named over and over', () => {
    const example = schemaExample(fanOut(2, 40, { type: 'string', example: 'x'.repeat(1000) }));
    // Whole it would be 1.6 MB; the budget counts values, not the names and punctuation around them.
    expect(JSON.stringify(example).length).toBeLessThanOrEqual(MAX_EXAMPLE_BYTES + 8 * 1024);
    expect(JSON.stringify(example).length).toBeGreaterThan(MAX_EXAMPLE_BYTES / 2);
  });
});
