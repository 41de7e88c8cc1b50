import { SysUserBulkService } from '@__groupId__/__artifactId__-application';
import { SysUserBulkGatewayImpl } from '@__groupId__/__artifactId__-infrastructure';

import type { CapabilityModule } from '../capability-module.js';
import { readExcelConfig } from './excel-config.js';
import { excelController } from './excel-controller.js';

/** `.xlsx` export and import of the users: `GET /sys-users/export`, `POST /sys-users/import`. */
export const excelCapability: CapabilityModule = {
  name: 'excel',
  async start({ config, users, database }) {
    const bulk = new SysUserBulkService(users, new SysUserBulkGatewayImpl(database), database);
    return { routes: excelController({ bulk, config: readExcelConfig(config) }) };
  },
};
