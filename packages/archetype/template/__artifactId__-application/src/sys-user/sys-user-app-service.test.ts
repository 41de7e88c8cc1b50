import { beforeEach, describe, expect, it } from 'vitest';

import type { PageQuery, PageResult } from '@__groupId__/__artifactId__-common';
import type { SysUserDraft, SysUserGateway, SysUserSortColumn } from '@__groupId__/__artifactId__-domain';
import { DomainError, SysUser } from '@__groupId__/__artifactId__-domain';

import type { TransactionManager } from '../transaction/transaction-manager.js';
import { SysUserAppService } from './sys-user-app-service.js';

/** Users in a Map, recording whether each call ran inside a transaction. */
class InMemorySysUserGateway implements SysUserGateway {
  readonly users = new Map<number, SysUser>();
  readonly calls: string[] = [];
  inTransaction = false;

  private record(call: string): void {
    this.calls.push(this.inTransaction ? `${call} (in transaction)` : call);
  }

  async page(query: PageQuery<SysUserSortColumn>): Promise<PageResult<SysUser>> {
    this.record('page');
    const list = [...this.users.values()].slice((query.pageIndex - 1) * query.pageSize).slice(0, query.pageSize);
    return { list, totalCount: this.users.size, pageSize: query.pageSize, pageIndex: query.pageIndex };
  }

  async findById(id: number): Promise<SysUser | undefined> {
    this.record('findById');
    return this.users.get(id);
  }

  async insert(draft: SysUserDraft): Promise<number> {
    this.record('insert');
    const id = this.users.size + 1;
    this.users.set(id, SysUser.restore(id, draft));
    return id;
  }

  async update(user: SysUser): Promise<void> {
    this.record('update');
    this.users.set(user.id, user);
  }

  async deleteById(id: number): Promise<boolean> {
    this.record('deleteById');
    return this.users.delete(id);
  }
}

let gateway: InMemorySysUserGateway;
let service: SysUserAppService;

beforeEach(() => {
  gateway = new InMemorySysUserGateway();
  const transactions: TransactionManager = {
    async inTransaction(work) {
      gateway.inTransaction = true;
      try {
        return await work();
      } finally {
        gateway.inTransaction = false;
      }
    },
  };
  service = new SysUserAppService(gateway, transactions);
});

describe('SysUserAppService', () => {
  it('creates a user from a command checked by the domain rules', async () => {
    const id = await service.create({ name: ' alice ', age: 20 });
    expect(await service.get(id)).toEqual(SysUser.restore(id, { name: 'alice', age: 20 }));
    await expect(service.create({ name: 'bob', age: 151 })).rejects.toMatchObject({ code: 'RULE_VIOLATED' });
  });

  it('reads and writes an update inside one transaction', async () => {
    const id = await service.create({ name: 'alice', age: 20 });
    gateway.calls.length = 0;
    await service.update({ id, name: 'alice', age: 21 });
    expect(gateway.calls).toEqual(['findById (in transaction)', 'update (in transaction)']);
    expect((await service.get(id)).age).toBe(21);
  });

  it('reports a missing user as NOT_FOUND for get, update and delete', async () => {
    for (const attempt of [service.get(9), service.update({ id: 9, name: 'x', age: 1 }), service.delete(9)]) {
      await expect(attempt).rejects.toEqual(DomainError.notFound('user 9 does not exist'));
    }
  });
});
