import { connectReadWriteDatabase, datasourceLocation } from '@__groupId__/__artifactId__-infrastructure';

import { componentLogger } from '../../observability/logger.js';
import type { CapabilityModule } from '../capability-module.js';
import { replicaConfigs } from './read-write-splitting-config.js';

/**
 * Opens the database over the `datasource` block (the primary) and the replicas of `readWriteSplitting`:
 * reads go to the replicas in turn, everything else to the primary (see `onDatasource` to choose per call).
 */
export const readWriteSplittingCapability: CapabilityModule = {
  name: 'read-write-splitting',
  async connectDatabase(config, logger) {
    const replicas = replicaConfigs(config);
    const database = await connectReadWriteDatabase(config.datasource, replicas);
    const log = componentLogger(logger, config, 'ReadWriteSplitting');
    const primary = datasourceLocation(config.datasource.url);
    if (replicas.length === 0) log.info(`no replica configured: every query goes to the primary ${primary}`);
    else {
      const names = replicas.map((replica) => datasourceLocation(replica.url)).join(', ');
      log.info(`reads go to the replicas ${names}; writes and transactions to the primary ${primary}`);
    }
    return database;
  },
};
