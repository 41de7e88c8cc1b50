import { SysUser, type SysUserBulkGateway } from '@__groupId__/__artifactId__-domain';

import type { Database } from '../database/database.js';
import { PreparedQuery, parameter } from '../database/prepared-query.js';
import type { SysUserDO } from './sys-user-do.js';

export class SysUserBulkGatewayImpl implements SysUserBulkGateway {
  /** Compiled once: an export runs it once per piece. */
  private readonly listAfterQuery: PreparedQuery<SysUserDO>;

  constructor(private readonly database: Database) {
    this.listAfterQuery = new PreparedQuery(
      database
        .executor()
        .selectFrom('sys_user')
        .select(['id', 'name', 'age'])
        .where('id', '>', parameter<number>('afterId'))
        .orderBy('id', 'asc')
        .limit(parameter<number>('limit'))
        .compile(),
    );
  }

  async listAfter(afterId: number, limit: number): Promise<SysUser[]> {
    const query = this.listAfterQuery.with({ afterId, limit });
    const { rows } = await this.database.executor().executeQuery(query);
    return rows.map((row) => SysUser.restore(row.id, { name: row.name, age: row.age }));
  }
}
