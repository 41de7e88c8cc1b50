import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refName, refsIn, refTo, SchemaConverter } from './openapi-schema.js';

/** Schemas in OpenAPI 3.0's, Swagger's and 2020-12's words, with values of any kind where a keyword holds one. */
const schema = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean(),
    fc.record(
      {
        type: fc.oneof(
          fc.constantFrom('string', 'integer', 'object', 'array', 'file', 'null'),
          fc.jsonValue({ maxDepth: 0 }),
        ),
        nullable: fc.boolean(),
        'x-nullable': fc.boolean(),
        enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
        example: fc.jsonValue({ maxDepth: 1 }),
        examples: fc.jsonValue({ maxDepth: 1 }),
        minimum: fc.integer(),
        exclusiveMinimum: fc.oneof(fc.boolean(), fc.integer()),
        exclusiveMaximum: fc.oneof(fc.boolean(), fc.integer()),
        properties: fc.dictionary(fc.string({ maxLength: 8 }), tie('schema'), { maxKeys: 3 }),
        items: fc.oneof(tie('schema'), fc.array(tie('schema'), { maxLength: 2 })),
        allOf: fc.array(tie('schema'), { maxLength: 2 }),
        oneOf: fc.array(tie('schema'), { maxLength: 2 }),
        additionalProperties: tie('schema'),
        definitions: fc.dictionary(fc.string({ maxLength: 8 }), tie('schema'), { maxKeys: 2 }),
        discriminator: fc.jsonValue({ maxDepth: 1 }),
        'x-internal': fc.jsonValue({ maxDepth: 1 }),
        default: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
})).schema;

describe('SchemaConverter', () => {
  it('converts any schema into one a second conversion leaves as it is, so exports import back the same', () => {
    fc.assert(
      fc.property(schema, (value) => {
        // As the store keeps it: through JSON.
        const once = JSON.parse(JSON.stringify(new SchemaConverter({}).convert(value)));
        expect(new SchemaConverter({}).convert(once)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('points a reference to a named schema at its def, and gives a def only the names it needs', () => {
    const converter = new SchemaConverter({
      Pet: { type: 'object', properties: { owner: { $ref: '#/components/schemas/Person' } } },
      Person: { type: 'object', nullable: true },
      'a/b~c': { type: 'string' },
      Unused: { type: 'string' },
    });
    const root = converter.convert({ type: 'array', items: { $ref: '#/components/schemas/Pet' } });
    expect(root).toEqual({ type: 'array', items: { $ref: '#/$defs/Pet' } });
    expect(converter.defsOf([root])).toEqual({
      Pet: { type: 'object', properties: { owner: { $ref: '#/$defs/Person' } } },
      Person: { type: ['object', 'null'] },
    });
    const odd = converter.convert({ $ref: '#/definitions/a~1b~0c' });
    expect(odd).toEqual(refTo('a/b~c'));
    expect(refName(refTo('a/b~c').$ref)).toBe('a/b~c');
    expect(refsIn({ enum: [{ $ref: '#/$defs/Pet' }], items: odd })).toEqual(['a/b~c']);
  });
});
