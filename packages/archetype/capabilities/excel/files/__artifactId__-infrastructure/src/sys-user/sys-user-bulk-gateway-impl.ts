import { SysUser, type SysUserBulkGateway } from '@__groupId__/__artifactId__-domain';

import type { Database } from '../database/database.js';

export class SysUserBulkGatewayImpl implements SysUserBulkGateway {
  constructor(private readonly database: Database) {}

  /** One piece of a keyset walk: the cost per piece stays the same at any depth, unlike an `OFFSET` page. */
  async listAfter(afterId: number, limit: number): Promise<SysUser[]> {
    const rows = await this.database
      .executor()
      .selectFrom('sys_user')
      .select(['id', 'name', 'age'])
      .where('id', '>', afterId)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => SysUser.restore(row.id, { name: row.name, age: row.age }));
  }
}
