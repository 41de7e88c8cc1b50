import type { Generated } from 'kysely';

/** The `sys_user` table as Kysely sees it; `migrations/0001-create-sys-user.ts` creates it. */
export interface SysUserTable {
  id: Generated<number>;
  name: string;
  age: number;
}

export interface DatabaseSchema {
  sys_user: SysUserTable;
}
