import type { PageQuery } from '@__groupId__/__artifactId__-common';
import type { SysUserSortColumn } from '@__groupId__/__artifactId__-domain';

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
