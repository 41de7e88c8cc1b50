export { Database } from './database/database.js';
export type { DatabaseSchema, SysUserTable } from './database/database-schema.js';
export type { DatabaseDriver, DataSourceConfig } from './database/datasource-config.js';
export { DATABASE_DRIVERS, sqlPlatform } from './database/datasource-config.js';
export { splitSqlScript } from './database/sql-script.js';
export type { SysUserDO } from './sys-user/sys-user-do.js';
export { SysUserGatewayImpl } from './sys-user/sys-user-gateway-impl.js';
