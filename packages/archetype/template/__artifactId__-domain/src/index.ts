export type { DomainErrorCode } from './domain-error.js';
export { DomainError } from './domain-error.js';
export type { SysUserDraft, SysUserSortColumn } from './sys-user/sys-user.js';
export { SYS_USER_RULES, SYS_USER_SORT_COLUMNS, SysUser } from './sys-user/sys-user.js';
export type { SysUserGateway } from './sys-user/sys-user-gateway.js';
