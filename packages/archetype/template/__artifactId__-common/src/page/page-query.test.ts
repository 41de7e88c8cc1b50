import { describe, expect, it } from 'vitest';

import { pageOffset } from './page-query.js';
import { mapPageResult } from './page-result.js';

describe('page model', () => {
  it('starts the first page at offset zero and each later page one page size further', () => {
    expect(pageOffset({ pageSize: 20, pageIndex: 1, sorts: [] })).toBe(0);
    expect(pageOffset({ pageSize: 20, pageIndex: 3, sorts: [] })).toBe(40);
  });

  it('converts the items of a page and keeps its counts', () => {
    const page = mapPageResult({ list: [1, 2], totalCount: 7, pageSize: 2, pageIndex: 2 }, (n) => `#${n}`);
    expect(page).toEqual({ list: ['#1', '#2'], totalCount: 7, pageSize: 2, pageIndex: 2 });
  });
});
