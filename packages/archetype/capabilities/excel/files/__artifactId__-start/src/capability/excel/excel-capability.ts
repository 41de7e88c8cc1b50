import type { CapabilityModule } from '../capability-module.js';
import { readExcelConfig } from './excel-config.js';
import { excelController } from './excel-controller.js';
import { createSysUserBulkService } from './sys-user-bulk-wiring.js';

/** `.xlsx` export and import of the users: `GET /sys-users/export`, `POST /sys-users/import`. */
export const excelCapability: CapabilityModule = {
  name: 'excel',
  async start({ config, users, database }) {
    const bulk = createSysUserBulkService(users, database);
    return { routes: excelController({ bulk, config: readExcelConfig(config) }) };
  },
};
