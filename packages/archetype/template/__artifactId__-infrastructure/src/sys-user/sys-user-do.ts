import type { Selectable } from 'kysely';

import type { SysUserTable } from '../database/database-schema.js';

/** A `sys_user` row as read from the database. */
export type SysUserDO = Selectable<SysUserTable>;
