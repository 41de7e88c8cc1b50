import type { PageQuery, PageResult } from '@__groupId__/__artifactId__-common';
import { pageOffset, totalCountFromPage } from '@__groupId__/__artifactId__-common';
import type { SysUserDraft, SysUserGateway, SysUserSortColumn } from '@__groupId__/__artifactId__-domain';
import { DomainError, SysUser } from '@__groupId__/__artifactId__-domain';

import type { Database } from '../database/database.js';
import type { SysUserTable } from '../database/database-schema.js';
import { ID_MAX } from '../database/migration-support.js';
import { param } from '../database/query-parameter.js';
import type { SysUserDO } from './sys-user-do.js';

/**
 * The only columns an `ORDER BY` may name. The start module validates sort columns already; this map is the
 * second line: nothing but these identifiers ever reaches the SQL text.
 */
const SORT_COLUMNS: Readonly<Record<SysUserSortColumn, keyof SysUserTable>> = { id: 'id', name: 'name', age: 'age' };

/**
 * `SysUserGateway` in plain Kysely. `database.executor()` is the caller's transaction, or the pool outside
 * one. An id beyond the column's range cannot exist, so it is not looked up (PostgreSQL would refuse it).
 */
export class SysUserGatewayImpl implements SysUserGateway {
  constructor(private readonly database: Database) {}

  /** The page query is the hot one: built once per sort order (`cachedQuery`), its size and offset bound per run. */
  async page(query: PageQuery<SysUserSortColumn>): Promise<PageResult<SysUser>> {
    for (const sort of query.sorts) {
      if (!Object.hasOwn(SORT_COLUMNS, sort.column)) throw DomainError.ruleViolated(`cannot sort by ${sort.column}`);
    }
    const sortKey = query.sorts.map((sort) => `${sort.column} ${sort.direction}`).join(',');
    const rows = await this.database.cachedQuery(
      `sys_user page ${sortKey}`,
      (db) => {
        let select = db.selectFrom('sys_user').select(['id', 'name', 'age']);
        for (const sort of query.sorts) {
          select = select.orderBy(SORT_COLUMNS[sort.column], sort.direction === 'ASC' ? 'asc' : 'desc');
        }
        // A unique last term keeps pages stable when the requested columns have ties.
        if (!query.sorts.some((sort) => sort.column === 'id')) select = select.orderBy('id', 'asc');
        return select.limit(param<number>('limit')).offset(param<number>('offset'));
      },
      { limit: query.pageSize, offset: pageOffset(query) },
    );
    // A page with room left tells the total by itself; only a full page (or one past the end) needs the count.
    const totalCount = totalCountFromPage(query, rows.length) ?? (await this.countAll());
    return { list: rows.map(toSysUser), totalCount, pageSize: query.pageSize, pageIndex: query.pageIndex };
  }

  private async countAll(): Promise<number> {
    const row = await this.database
      .executor()
      .selectFrom('sys_user')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async findById(id: number): Promise<SysUser | undefined> {
    if (id > ID_MAX) return undefined;
    const row = await this.database
      .executor()
      .selectFrom('sys_user')
      .select(['id', 'name', 'age'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toSysUser(row);
  }

  async insert(draft: SysUserDraft): Promise<number> {
    const insert = this.database.executor().insertInto('sys_user').values({ name: draft.name, age: draft.age });
    if (this.database.supportsReturning) return (await insert.returning('id').executeTakeFirstOrThrow()).id;
    return Number((await insert.executeTakeFirstOrThrow()).insertId);
  }

  async update(sysUser: SysUser): Promise<void> {
    await this.database
      .executor()
      .updateTable('sys_user')
      .set({ name: sysUser.name, age: sysUser.age })
      .where('id', '=', sysUser.id)
      .execute();
  }

  async deleteById(id: number): Promise<boolean> {
    if (id > ID_MAX) return false;
    const result = await this.database.executor().deleteFrom('sys_user').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

function toSysUser(row: SysUserDO): SysUser {
  return SysUser.restore(row.id, { name: row.name, age: row.age });
}
