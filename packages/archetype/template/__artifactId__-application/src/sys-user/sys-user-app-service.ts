import type { PageResult } from '@__groupId__/__artifactId__-common';
import { DomainError, SysUser, type SysUserGateway } from '@__groupId__/__artifactId__-domain';

import type { TransactionManager } from '../transaction/transaction-manager.js';
import type { CreateSysUserCommand, SysUserPageQuery, UpdateSysUserCommand } from './sys-user-commands.js';

/** The user use cases. It orchestrates; the rules live in `SysUser`, persistence behind `SysUserGateway`. */
export class SysUserAppService {
  constructor(
    private readonly sysUsers: SysUserGateway,
    private readonly transactions: TransactionManager,
  ) {}

  page(query: SysUserPageQuery): Promise<PageResult<SysUser>> {
    return this.sysUsers.page(query);
  }

  async get(id: number): Promise<SysUser> {
    const sysUser = await this.sysUsers.findById(id);
    if (!sysUser) throw notFound(id);
    return sysUser;
  }

  async create(command: CreateSysUserCommand): Promise<number> {
    return this.sysUsers.insert(SysUser.draft(command));
  }

  /** Read, change and write in one transaction, so a concurrent delete cannot slip in between. */
  update(command: UpdateSysUserCommand): Promise<void> {
    return this.transactions.inTransaction(async () => {
      const sysUser = await this.get(command.id);
      await this.sysUsers.update(sysUser.withDetails(command));
    });
  }

  async delete(id: number): Promise<void> {
    if (!(await this.sysUsers.deleteById(id))) throw notFound(id);
  }
}

function notFound(id: number): DomainError {
  return DomainError.notFound(`user ${id} does not exist`);
}
