import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ArchetypeError } from '../archetype-error.js';
import { parseResourceName, RESOURCE_NAME_MAX_LENGTH } from './resource-name.js';

function refusal(run: () => unknown): ArchetypeError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ArchetypeError) return error;
    throw error;
  }
  return undefined;
}

describe('parseResourceName', () => {
  it('refuses a name that reads as a plural, pointing to the singular and to --plural', () => {
    const error = refusal(() => parseResourceName('users'));
    expect(error?.code).toBe('INVALID_RESOURCE');
    expect(error?.message).toBe(
      'resource name "users" reads as a plural: name one record (e.g. user), or give its plural with --plural',
    );
  });

  it('takes the plural it is given for routes and collections', () => {
    expect(parseResourceName('news-item', 'news')).toMatchObject({ plural: 'news', pluralCamel: 'news' });
    expect(parseResourceName('cactus', 'cacti')).toMatchObject({ plural: 'cacti', kebab: 'cactus' });
    expect(refusal(() => parseResourceName('sheep', 'sheep'))?.message).toContain('must differ from the name');
    expect(refusal(() => parseResourceName('order', 'Orders'))?.message).toContain('must be kebab-case');
  });

  it('spells a kebab-case name for every use the generated code has', () => {
    expect(parseResourceName('order-item')).toEqual({
      kebab: 'order-item',
      pascal: 'OrderItem',
      camel: 'orderItem',
      constant: 'ORDER_ITEM',
      table: 'order_item',
      plural: 'order-items',
      pluralCamel: 'orderItems',
      words: 'order item',
    });
  });

  it.each([
    ['order', 'orders'],
    ['category', 'categories'],
    ['day', 'days'],
    ['box', 'boxes'],
    ['address', 'addresses'],
    ['branch', 'branches'],
    ['status', 'statuses'],
    ['analysis', 'analyses'],
    ['person', 'people'],
    ['sales-person', 'sales-people'],
  ])('pluralises %s as %s for its route', (name, plural) => {
    expect(parseResourceName(name).plural).toBe(plural);
  });

  it.each([
    ['Order', 'must be kebab-case'],
    ['order_item', 'must be kebab-case'],
    ['order--item', 'must be kebab-case'],
    ['1order', 'must be kebab-case'],
    ['order-2x', 'must be kebab-case'],
    ['', 'must be kebab-case'],
    ['class', 'is a reserved word in TypeScript'],
    ['delete', 'is a reserved word in TypeScript'],
    ['page', 'is taken by the project itself'],
    ['database', 'is taken by the project itself'],
    ['kysely-migration', 'is taken by the project itself'],
    ['a'.repeat(RESOURCE_NAME_MAX_LENGTH + 1), `is longer than ${RESOURCE_NAME_MAX_LENGTH} characters`],
  ])('refuses %j: it %s', (name, why) => {
    const error = refusal(() => parseResourceName(name));
    expect(error?.code).toBe('INVALID_RESOURCE');
    expect(error?.message).toContain(why);
  });

  it('ends in a name whose spellings are all identifiers, or in an INVALID_RESOURCE error, for any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/)), (text) => {
        const error = refusal(() => parseResourceName(text));
        if (error) {
          expect(error.code).toBe('INVALID_RESOURCE');
          return;
        }
        const name = parseResourceName(text);
        expect(name.pascal).toMatch(/^[A-Z][A-Za-z0-9]*$/);
        expect(name.camel).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(name.constant).toMatch(/^[A-Z][A-Z0-9_]*$/);
        expect(name.table).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(name.plural.startsWith(name.kebab.slice(0, -1))).toBe(true);
      }),
    );
  });
});
