import { describe, expect, it } from 'vitest';

import { sysUserPageQueryString } from './sys-user-client.js';

describe('sysUserPageQueryString', () => {
  it('writes the nested page parameters the service reads', () => {
    const query = sysUserPageQueryString({
      pageSize: 5,
      pageIndex: 2,
      sorts: [{ column: 'age', direction: 'ASC' }, { column: 'name' }],
    });
    expect(decodeURIComponent(query)).toBe(
      'page.pageSize=5&page.pageIndex=2&page.sorts[0].column=age&page.sorts[0].direction=ASC&page.sorts[1].column=name',
    );
  });

  it('leaves everything out for the defaults', () => {
    expect(sysUserPageQueryString({})).toBe('');
  });
});
