import type { SysUserSortColumn } from '@__groupId__/__artifactId__-domain';
import type { PageQuery } from '@__groupId__/__artifactId__-common';

export interface CreateSysUserCommand {
  readonly name: string;
  readonly age: number;
}

export interface UpdateSysUserCommand {
  readonly id: number;
  readonly name: string;
  readonly age: number;
}

export type SysUserPageQuery = PageQuery<SysUserSortColumn>;
