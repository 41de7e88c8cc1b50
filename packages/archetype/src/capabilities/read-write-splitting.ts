import type { Capability } from './capability.js';

export const readWriteSplitting: Capability = {
  name: 'read-write-splitting',
  summary: 'a primary and replica datasources: reads to a replica, writes and transactions to the primary',
  module: 'infrastructure',
  // The routing is a Kysely dialect over the drivers the project already has.
  dependencies: {},
  exports: {
    infrastructure: [
      "export {\n  connectReadWriteDatabase,\n  datasourceLocation,\n  type ReplicaConfig,\n} from './database/read-write/connect-read-write.js';",
      "export { onDatasource } from './database/read-write/datasource-override.js';",
      "export type { DatasourceRoutingErrorCode } from './database/read-write/datasource-routing-error.js';",
      "export { DatasourceRoutingError } from './database/read-write/datasource-routing-error.js';",
      "export type { DatasourceTarget } from './database/read-write/datasource-target.js';",
    ],
  },
  registration: {
    file: 'read-write-splitting/read-write-splitting-capability',
    exportName: 'readWriteSplittingCapability',
  },
};
