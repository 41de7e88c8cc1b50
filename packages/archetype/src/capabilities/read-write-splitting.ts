import type { Capability } from './capability.js';

export const readWriteSplitting: Capability = {
  name: 'read-write-splitting',
  summary: 'a primary and replica datasources: reads to a replica, writes and transactions to the primary',
  module: 'infrastructure',
  dependencies: {},
  registration: {
    file: 'read-write-splitting/read-write-splitting-capability',
    exportName: 'readWriteSplittingCapability',
  },
};
