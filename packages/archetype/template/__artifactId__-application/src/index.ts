export { SysUserAppService } from './sys-user/sys-user-app-service.js';
export type { CreateSysUserCommand, SysUserPageQuery, UpdateSysUserCommand } from './sys-user/sys-user-commands.js';
export type { TransactionManager } from './transaction/transaction-manager.js';
