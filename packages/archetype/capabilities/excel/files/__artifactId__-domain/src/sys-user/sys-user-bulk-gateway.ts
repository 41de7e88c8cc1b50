import type { SysUser } from './sys-user.js';

/**
 * Reading all users in pieces, for exports. Each piece starts after the last id of the one before (keyset
 * paging), so it costs the same however far into the table it is, unlike an `OFFSET` page.
 */
export interface SysUserBulkGateway {
  /** Up to `limit` users whose id is above `afterId` (0 for the first piece), in id order. */
  listAfter(afterId: number, limit: number): Promise<SysUser[]>;
}
