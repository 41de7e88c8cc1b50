import type { SysUser, SysUserBulkGateway } from '@__groupId__/__artifactId__-domain';

import type { TransactionManager } from '../transaction/transaction-manager.js';
import type { SysUserAppService } from './sys-user-app-service.js';
import type { CreateSysUserCommand } from './sys-user-commands.js';

/** Users many at a time, for imports and exports. */
export class SysUserBulkService {
  constructor(
    private readonly users: SysUserAppService,
    private readonly bulk: SysUserBulkGateway,
    private readonly transactions: TransactionManager,
  ) {}

  /**
   * Creates all the users or, when one is refused, none: the new ids in the order of `commands`. Each user
   * passes the same rules as one created alone.
   */
  createAll(commands: readonly CreateSysUserCommand[]): Promise<number[]> {
    return this.transactions.inTransaction(async () => {
      const ids: number[] = [];
      for (const command of commands) ids.push(await this.users.create(command));
      return ids;
    });
  }

  /** Up to `limit` users whose id is above `afterId` (0 for the first piece), in id order. */
  listAfter(afterId: number, limit: number): Promise<SysUser[]> {
    return this.bulk.listAfter(afterId, limit);
  }
}
