import { type SysUserAppService, SysUserBulkService } from '@__groupId__/__artifactId__-application';
import { type Database, SysUserBulkGatewayImpl } from '@__groupId__/__artifactId__-infrastructure';

/** Users many at a time over the service's database: what the excel routes read and write through. */
export function createSysUserBulkService(users: SysUserAppService, database: Database): SysUserBulkService {
  return new SysUserBulkService(users, new SysUserBulkGatewayImpl(database), database);
}
