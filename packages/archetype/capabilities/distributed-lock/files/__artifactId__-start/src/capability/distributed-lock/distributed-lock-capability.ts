import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { componentLogger } from '../../observability/logger.js';
import type { CapabilityModule } from '../capability-module.js';
import { DistributedLock } from './distributed-lock.js';
import { readDistributedLockConfig } from './distributed-lock-config.js';
import { lockRoutes } from './route-locks.js';
import { sysUserBirthdayRoute } from './sys-user-birthday-route.js';

/** Redis-backed distributed locks: `DistributedLock.withLock` for code, `config.distributedLock` for routes. */
export const distributedLockCapability: CapabilityModule = {
  name: 'distributed-lock',
  async start({ config, logger, users }) {
    const lockConfig = readDistributedLockConfig(config);
    const log = componentLogger(logger, config, 'DistributedLock');
    const locks = DistributedLock.connect(lockConfig, log);
    log.info(`distributed locks in Redis under the key prefix "${lockConfig.keyPrefix}"`);
    const routes: FastifyPluginAsyncZod = async (app) => {
      lockRoutes(app, locks);
      await app.register(sysUserBirthdayRoute(users));
    };
    return { routes, close: () => locks.close() };
  },
};
