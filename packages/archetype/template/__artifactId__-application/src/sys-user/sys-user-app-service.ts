import type { PageResult } from '@__groupId__/__artifactId__-common';
import { DomainError, SysUser, type SysUserGateway } from '@__groupId__/__artifactId__-domain';

import type { TransactionManager } from '../transaction/transaction-manager.js';
import type { CreateSysUserCommand, SysUserPageQuery, UpdateSysUserCommand } from './sys-user-commands.js';

/** The user use cases. It orchestrates; the rules live in `SysUser`, persistence behind `SysUserGateway`. */
export class SysUserAppService {
  constructor(
    private readonly users: SysUserGateway,
    private readonly transactions: TransactionManager,
  ) {}

  page(query: SysUserPageQuery): Promise<PageResult<SysUser>> {
    return this.users.page(query);
  }

  async get(id: number): Promise<SysUser> {
    const user = await this.users.findById(id);
    if (!user) throw notFound(id);
    return user;
  }

  async create(command: CreateSysUserCommand): Promise<number> {
    return this.users.insert(SysUser.draft(command));
  }

  /** Read, change and write in one transaction, so a concurrent delete cannot slip in between. */
  update(command: UpdateSysUserCommand): Promise<void> {
    return this.transactions.inTransaction(async () => {
      const user = await this.get(command.id);
      await this.users.update(user.withDetails(command));
    });
  }

  async delete(id: number): Promise<void> {
    if (!(await this.users.deleteById(id))) throw notFound(id);
  }
}

function notFound(id: number): DomainError {
  return DomainError.notFound(`user ${id} does not exist`);
}
