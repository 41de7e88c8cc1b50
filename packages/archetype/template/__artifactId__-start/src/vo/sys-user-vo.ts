import { z } from 'zod';

import type { PageResult } from '@__groupId__/__artifactId__-common';
import type { SysUser } from '@__groupId__/__artifactId__-domain';

import type { PageVO } from './page-vo.js';

/**
 * A user as the HTTP API shows it: the response schema of the routes (it is what `/openapi.json` describes, and
 * the serializer sends nothing it does not name). Conversion from the domain happens here, in the start module.
 */
export const sysUserVoSchema = z
  .object({ id: z.number().int(), name: z.string(), age: z.number().int() })
  .meta({ examples: [{ id: 1, name: 'alice', age: 20 }] });

export type SysUserVO = z.infer<typeof sysUserVoSchema>;

export function toSysUserVO(sysUser: SysUser): SysUserVO {
  return { id: sysUser.id, name: sysUser.name, age: sysUser.age };
}

export function toSysUserPageVO(page: PageResult<SysUser>): PageVO<SysUserVO> {
  return { ...page, list: page.list.map(toSysUserVO) };
}
