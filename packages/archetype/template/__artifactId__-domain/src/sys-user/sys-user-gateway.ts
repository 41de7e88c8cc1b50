import type { PageQuery, PageResult } from '@__groupId__/__artifactId__-common';

import type { SysUser, SysUserDraft, SysUserSortColumn } from './sys-user.js';

/** Persistence of users as the domain needs it; the infrastructure module implements it. */
export interface SysUserGateway {
  page(query: PageQuery<SysUserSortColumn>): Promise<PageResult<SysUser>>;
  findById(id: number): Promise<SysUser | undefined>;
  /** Stores a new user and returns its id. */
  insert(draft: SysUserDraft): Promise<number>;
  update(sysUser: SysUser): Promise<void>;
  /** Returns false when there was no such user. */
  deleteById(id: number): Promise<boolean>;
}
