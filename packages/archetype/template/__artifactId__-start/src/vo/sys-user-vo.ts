import type { PageResult } from '@__groupId__/__artifactId__-common';
import type { SysUser } from '@__groupId__/__artifactId__-domain';

/** A user as the HTTP API shows it. Conversion from the domain happens here, in the start module only. */
export interface SysUserVO {
  readonly id: number;
  readonly name: string;
  readonly age: number;
}

export interface PageVO<T> {
  readonly list: readonly T[];
  readonly totalCount: number;
  readonly pageSize: number;
  readonly pageIndex: number;
}

export function toSysUserVO(user: SysUser): SysUserVO {
  return { id: user.id, name: user.name, age: user.age };
}

export function toSysUserPageVO(page: PageResult<SysUser>): PageVO<SysUserVO> {
  return { ...page, list: page.list.map(toSysUserVO) };
}
