import type { Capability } from './capability.js';

export const excel: Capability = {
  name: 'excel',
  summary: 'import and export of the sample users as .xlsx',
  module: 'start',
  // exceljs reads and streams the workbooks; @fastify/multipart 10 is the line for Fastify 5.
  dependencies: { start: ['exceljs', '@fastify/multipart'] },
  // Reading users by id ranges for exports and creating many in one transaction, through the layers.
  exports: {
    domain: ["export type { SysUserBulkGateway } from './sys-user/sys-user-bulk-gateway.js';"],
    infrastructure: ["export { SysUserBulkGatewayImpl } from './sys-user/sys-user-bulk-gateway-impl.js';"],
    application: ["export { SysUserBulkService } from './sys-user/sys-user-bulk-service.js';"],
  },
  registration: { file: 'excel/excel-capability', exportName: 'excelCapability' },
};
