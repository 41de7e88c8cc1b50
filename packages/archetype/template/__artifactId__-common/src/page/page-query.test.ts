import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { pageOffset } from './page-query.js';
import { mapPageResult, totalCountFromPage } from './page-result.js';

describe('page model', () => {
  it('starts the first page at offset zero and each later page one page size further', () => {
    expect(pageOffset({ pageSize: 20, pageIndex: 1, sorts: [] })).toBe(0);
    expect(pageOffset({ pageSize: 20, pageIndex: 3, sorts: [] })).toBe(40);
  });

  it('converts the items of a page and keeps its counts', () => {
    const page = mapPageResult({ list: [1, 2], totalCount: 7, pageSize: 2, pageIndex: 2 }, (n) => `#${n}`);
    expect(page).toEqual({ list: ['#1', '#2'], totalCount: 7, pageSize: 2, pageIndex: 2 });
  });

  it('knows the total from the rows of a page that is not full, and only then', () => {
    expect(totalCountFromPage({ pageSize: 20, pageIndex: 1, sorts: [] }, 2)).toBe(2);
    expect(totalCountFromPage({ pageSize: 20, pageIndex: 1, sorts: [] }, 0)).toBe(0);
    expect(totalCountFromPage({ pageSize: 10, pageIndex: 3, sorts: [] }, 4)).toBe(24);
    expect(totalCountFromPage({ pageSize: 2, pageIndex: 1, sorts: [] }, 2)).toBeUndefined();
    expect(totalCountFromPage({ pageSize: 2, pageIndex: 5, sorts: [] }, 0)).toBeUndefined();
  });

  it('never tells a total other than the number of rows there are', () => {
    const tables = fc.record({
      rows: fc.nat({ max: 500 }),
      pageSize: fc.integer({ min: 1, max: 100 }),
      pageIndex: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(tables, ({ rows, pageSize, pageIndex }) => {
        const query = { pageSize, pageIndex, sorts: [] };
        const onPage = Math.max(0, Math.min(pageSize, rows - pageOffset(query)));
        const total = totalCountFromPage(query, onPage);
        expect(total === undefined || total === rows).toBe(true);
        expect(total === undefined).toBe(onPage === pageSize || (onPage === 0 && pageOffset(query) > 0));
      }),
    );
  });
});
