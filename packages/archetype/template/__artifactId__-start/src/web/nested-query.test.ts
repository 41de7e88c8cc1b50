import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { sysUserPageQueryString } from '@__groupId__/__artifactId__-api';

import { parseNestedQuery } from './nested-query.js';

describe('parseNestedQuery', () => {
  it('builds nested objects and arrays from dotted and indexed names', () => {
    expect(
      parseNestedQuery(
        'page.pageSize=5&page.sorts[0].column=age&page.sorts[0].direction=ASC&page.sorts[1].column=name&q=x',
      ),
    ).toEqual({
      page: { pageSize: '5', sorts: [{ column: 'age', direction: 'ASC' }, { column: 'name' }] },
      q: 'x',
    });
  });

  it('answers an empty query with a new empty object each time', () => {
    const first = parseNestedQuery('');
    expect(first).toEqual({});
    first.page = {};
    expect(parseNestedQuery('')).toEqual({});
  });

  it('keeps names it cannot nest under their literal name', () => {
    expect(parseNestedQuery('page.sorts[99].column=age&a..b=1')).toEqual({
      'page.sorts[99].column': 'age',
      'a..b': '1',
    });
  });

  it('never sets __proto__, constructor or prototype', () => {
    const parsed = parseNestedQuery('__proto__.polluted=1&a.__proto__.polluted=1&constructor.prototype.polluted=1');
    expect(parsed).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads back what the API client writes', () => {
    const sorts = fc.array(
      fc.record({
        column: fc.constantFrom('id' as const, 'name' as const, 'age' as const),
        direction: fc.constantFrom('ASC' as const, 'DESC' as const),
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(fc.nat(), fc.nat(), sorts, (pageSize, pageIndex, sortList) => {
        const parsed = parseNestedQuery(sysUserPageQueryString({ pageSize, pageIndex, sorts: sortList }));
        expect(parsed).toEqual({
          page: {
            pageSize: String(pageSize),
            pageIndex: String(pageIndex),
            ...(sortList.length > 0 ? { sorts: sortList } : {}),
          },
        });
      }),
    );
  });

  it('returns an object for any query string, without throwing or touching Object.prototype', () => {
    const keyPart = fc.constantFrom(
      'page',
      'sorts',
      '[0]',
      '[1]',
      '[16]',
      '.',
      '__proto__',
      'constructor',
      'a',
      '=',
      '&',
      '%',
      '[',
      ']',
    );
    const query = fc.oneof(
      fc.string(),
      fc.array(keyPart, { maxLength: 12 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(query, (text) => {
        const parsed = parseNestedQuery(text);
        expect(typeof parsed).toBe('object');
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
    );
  });
});
