import { type PageQuery, type PageResult, pageOffset } from '@__groupId__/__artifactId__-common';
import type { SysUserDraft, SysUserGateway, SysUserSortColumn } from '@__groupId__/__artifactId__-domain';
import { DomainError, SysUser } from '@__groupId__/__artifactId__-domain';

import type { Database } from '../database/database.js';
import type { SysUserTable } from '../database/database-schema.js';
import type { SysUserDO } from './sys-user-do.js';

/**
 * The only columns an `ORDER BY` may name. The start module validates sort columns already; this map is the
 * second line: nothing but these identifiers ever reaches the SQL text.
 */
const SORT_COLUMNS: Readonly<Record<SysUserSortColumn, keyof SysUserTable>> = { id: 'id', name: 'name', age: 'age' };

export class SysUserGatewayImpl implements SysUserGateway {
  constructor(private readonly database: Database) {}

  async page(query: PageQuery<SysUserSortColumn>): Promise<PageResult<SysUser>> {
    const db = this.database.executor();
    let select = db.selectFrom('sys_user').select(['id', 'name', 'age']);
    for (const sort of query.sorts) {
      if (!Object.hasOwn(SORT_COLUMNS, sort.column)) throw DomainError.ruleViolated(`cannot sort by ${sort.column}`);
      select = select.orderBy(SORT_COLUMNS[sort.column], sort.direction === 'ASC' ? 'asc' : 'desc');
    }
    // A unique last term keeps pages stable when the requested columns have ties.
    if (!query.sorts.some((sort) => sort.column === 'id')) select = select.orderBy('id', 'asc');
    const rows = await select.limit(query.pageSize).offset(pageOffset(query)).execute();
    const { total } = await db
      .selectFrom('sys_user')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    return {
      list: rows.map(toSysUser),
      totalCount: Number(total),
      pageSize: query.pageSize,
      pageIndex: query.pageIndex,
    };
  }

  async findById(id: number): Promise<SysUser | undefined> {
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

  async update(user: SysUser): Promise<void> {
    await this.database
      .executor()
      .updateTable('sys_user')
      .set({ name: user.name, age: user.age })
      .where('id', '=', user.id)
      .execute();
  }

  async deleteById(id: number): Promise<boolean> {
    const result = await this.database.executor().deleteFrom('sys_user').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

function toSysUser(row: SysUserDO): SysUser {
  return SysUser.restore(row.id, { name: row.name, age: row.age });
}
