import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ArchetypeError } from '../archetype-error.js';
import { FIELD_TYPE_NAMES } from './field-types.js';
import { FIELDS_MAX, parseFields } from './resource-fields.js';

function refusal(run: () => unknown): ArchetypeError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ArchetypeError) return error;
    throw error;
  }
  return undefined;
}

describe('parseFields', () => {
  it('reads name:type pairs, each with its column', () => {
    expect(parseFields('customerName:string, age:int,price:number,paid:boolean,placedOn:date')).toEqual([
      { name: 'customerName', column: 'customer_name', type: 'string' },
      { name: 'age', column: 'age', type: 'int' },
      { name: 'price', column: 'price', type: 'number' },
      { name: 'paid', column: 'paid', type: 'boolean' },
      { name: 'placedOn', column: 'placed_on', type: 'date' },
    ]);
  });

  it('reads a type ending in ? as a field that may be null', () => {
    expect(parseFields('note:string?,level:enum(low|high)?,due:date')).toEqual([
      { name: 'note', column: 'note', type: 'string', nullable: true },
      { name: 'level', column: 'level', type: 'enum', values: ['low', 'high'], nullable: true },
      { name: 'due', column: 'due', type: 'date' },
    ]);
  });

  it('reads !unique after a type as a field no two records share', () => {
    expect(parseFields('email:string!unique,badge:int?!unique')).toEqual([
      { name: 'email', column: 'email', type: 'string', unique: true },
      { name: 'badge', column: 'badge', type: 'int', nullable: true, unique: true },
    ]);
  });

  it('reads ref(resource) as the id of a record of that resource', () => {
    expect(parseFields('customerId:ref(customer),authorId:ref(sys-user)?')).toEqual([
      { name: 'customerId', column: 'customer_id', type: 'ref', target: 'customer' },
      { name: 'authorId', column: 'author_id', type: 'ref', target: 'sys-user', nullable: true },
    ]);
  });

  it('reads enum(a|b|…) with its values in the order given', () => {
    expect(parseFields('priority:enum(low|high|urgent_now)')).toEqual([
      { name: 'priority', column: 'priority', type: 'enum', values: ['low', 'high', 'urgent_now'] },
    ]);
  });

  it.each([
    ['', 'has an empty entry'],
    ['name:string,', 'has an empty entry'],
    ['name', 'must be written name:type'],
    ['name:string:extra', 'must be written name:type'],
    ['name:text', 'has an unknown type; the types are string, int, number, boolean, date, enum(a|b)'],
    ['level:enum', 'has an unknown type'],
    ['note:string??', 'has an unknown type'],
    ['note:?', 'has an unknown type'],
    ['done:boolean!unique', 'cannot be unique: a boolean has two values'],
    ['customerId:ref(Customer)', 'must name a resource in kebab-case'],
    ['customerId:ref()', 'must name a resource in kebab-case'],
    ['email:string!uniq', 'has an unknown type'],
    ['level:enum(low)', 'must name from 2 to 20 values'],
    ['level:enum(low|High)', 'has the value "High"'],
    ['level:enum(low|)', 'has the value ""'],
    [`level:enum(low|${'x'.repeat(33)})`, 'at most 32 characters'],
    ['level:enum(low|low)', 'names a value twice'],
    ['Name:string', 'must have a camelCase name'],
    ['first_name:string', 'must have a camelCase name'],
    ['class:string', 'has a reserved word of TypeScript as its name'],
    ['id:int', 'is named like a member every entity has'],
    ['withDetails:string', 'is named like a member every entity has'],
    ['name:string,age:int,name:int', 'field name is named twice'],
    [Array.from({ length: FIELDS_MAX + 1 }, (_, i) => `f${i}:int`).join(','), `at most ${FIELDS_MAX}`],
  ])('refuses %j: it %s', (spec, why) => {
    const error = refusal(() => parseFields(spec));
    expect(error?.code).toBe('INVALID_RESOURCE');
    expect(error?.message).toContain(why);
  });

  it('ends in distinct, well-formed fields or an INVALID_RESOURCE error, for any text', () => {
    const entry = fc.tuple(
      fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,8}$/),
      fc.oneof(
        fc.constantFrom(
          ...FIELD_TYPE_NAMES,
          'x',
          'string?',
          'int??',
          'string!unique',
          'date?!unique',
          '!unique',
          'ref(sys-user)',
          'ref(x?',
        ),
        fc.array(fc.stringMatching(/^[a-zA-Z_|]{0,4}$/), { maxLength: 4 }).map((values) => `enum(${values.join('|')})`),
      ),
    );
    const spec = fc.oneof(
      fc.string(),
      fc.array(entry, { minLength: 1, maxLength: 6 }).map((entries) => entries.map((pair) => pair.join(':')).join(',')),
    );
    fc.assert(
      fc.property(spec, (text) => {
        const error = refusal(() => parseFields(text));
        if (error) {
          expect(error.code).toBe('INVALID_RESOURCE');
          return;
        }
        const fields = parseFields(text);
        expect(new Set(fields.map((field) => field.name)).size).toBe(fields.length);
        for (const field of fields) {
          expect(field.name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
          expect(field.column).toMatch(/^[a-z][a-z0-9_]*$/);
          expect(FIELD_TYPE_NAMES).toContain(field.type);
          if (field.type === 'enum') {
            expect(field.values?.length).toBeGreaterThanOrEqual(2);
            for (const value of field.values ?? []) expect(value).toMatch(/^[a-z][a-z0-9_]*$/);
          }
        }
      }),
    );
  });
});
