import type { Capability } from './capability.js';

export const excel: Capability = {
  name: 'excel',
  summary: 'import and export of the sample users as .xlsx',
  module: 'start',
  dependencies: {},
  registration: { file: 'excel/excel-capability', exportName: 'excelCapability' },
};
