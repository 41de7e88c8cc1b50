import type { CompiledQuery } from 'kysely';

import type { PageQuery, PageResult, SortOrder } from '@__groupId__/__artifactId__-common';
import { pageOffset, totalCountFromPage } from '@__groupId__/__artifactId__-common';
import type { SysUserDraft, SysUserGateway, SysUserSortColumn } from '@__groupId__/__artifactId__-domain';
import { DomainError, SysUser } from '@__groupId__/__artifactId__-domain';

import type { Database } from '../database/database.js';
import type { SysUserTable } from '../database/database-schema.js';
import { LruCache } from '../database/lru-cache.js';
import { PreparedQuery, parameter } from '../database/prepared-query.js';
import type { SysUserDO } from './sys-user-do.js';

/**
 * The only columns an `ORDER BY` may name. The start module validates sort columns already; this map is the
 * second line: nothing but these identifiers ever reaches the SQL text.
 */
const SORT_COLUMNS: Readonly<Record<SysUserSortColumn, keyof SysUserTable>> = { id: 'id', name: 'name', age: 'age' };

/** Sort orders whose page query stays compiled: of the 9,331 the page model allows, a handful are in use. */
const PAGE_QUERIES_KEPT = 100;

export class SysUserGatewayImpl implements SysUserGateway {
  /** The page query compiled once per sort order; the page size and offset are bound on each run. */
  private readonly pageQueries = new LruCache<string, PreparedQuery<SysUserDO>>(PAGE_QUERIES_KEPT);
  private countQuery: CompiledQuery<{ total: string | number | bigint }> | undefined;

  constructor(private readonly database: Database) {}

  async page(query: PageQuery<SysUserSortColumn>): Promise<PageResult<SysUser>> {
    for (const sort of query.sorts) {
      if (!Object.hasOwn(SORT_COLUMNS, sort.column)) throw DomainError.ruleViolated(`cannot sort by ${sort.column}`);
    }
    const sortKey = query.sorts.map((sort) => `${sort.column} ${sort.direction}`).join(',');
    const pageQuery = this.pageQueries.getOrCreate(sortKey, () => this.preparePageQuery(query.sorts));
    const db = this.database.executor();
    const { rows } = await db.executeQuery(pageQuery.with({ limit: query.pageSize, offset: pageOffset(query) }));
    const totalCount = totalCountFromPage(query, rows.length) ?? (await this.countAll());
    return { list: rows.map(toSysUser), totalCount, pageSize: query.pageSize, pageIndex: query.pageIndex };
  }

  private preparePageQuery(sorts: readonly SortOrder<SysUserSortColumn>[]): PreparedQuery<SysUserDO> {
    let select = this.database.executor().selectFrom('sys_user').select(['id', 'name', 'age']);
    for (const sort of sorts) {
      select = select.orderBy(SORT_COLUMNS[sort.column], sort.direction === 'ASC' ? 'asc' : 'desc');
    }
    // A unique last term keeps pages stable when the requested columns have ties.
    if (!sorts.some((sort) => sort.column === 'id')) select = select.orderBy('id', 'asc');
    return new PreparedQuery(select.limit(parameter<number>('limit')).offset(parameter<number>('offset')).compile());
  }

  private async countAll(): Promise<number> {
    this.countQuery ??= this.database
      .executor()
      .selectFrom('sys_user')
      .select((eb) => eb.fn.countAll().as('total'))
      .compile();
    const { rows } = await this.database.executor().executeQuery(this.countQuery);
    return Number(rows[0]?.total ?? 0);
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
