import type { Generated } from 'kysely';

/** The `sys_user` table as Kysely sees it; `schema.sql` in the start module creates it. */
export interface SysUserTable {
  id: Generated<number>;
  name: string;
  age: number;
}

export interface DatabaseSchema {
  sys_user: SysUserTable;
}
