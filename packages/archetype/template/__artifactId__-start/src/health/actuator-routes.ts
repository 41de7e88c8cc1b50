import type { FastifyInstance } from 'fastify';

import type { Database } from '@__groupId__/__artifactId__-infrastructure';

import type { AppInfo } from '../app-info.js';
import type { ApplicationConfig } from '../config/application-config.js';

type Status = 'UP' | 'DOWN';

/** Readiness turns DOWN when shutdown begins, so the load balancer stops sending traffic first. */
export interface Lifecycle {
  accepting: boolean;
}

/**
 * Spring Boot Actuator's health and info endpoints (not wrapped in `{code, data, msg}`, as there):
 * liveness says the process runs, readiness that it can serve (database reachable, not shutting down).
 */
export function actuatorRoutes(database: Database, lifecycle: Lifecycle, config: ApplicationConfig, info: AppInfo) {
  async function databaseStatus(): Promise<Status> {
    return database.ping().then(
      () => 'UP',
      () => 'DOWN',
    );
  }

  return async (app: FastifyInstance): Promise<void> => {
    app.get('/actuator/health/liveness', async () => ({ status: 'UP' }));

    app.get('/actuator/health/readiness', async (_request, reply) => {
      const status: Status = lifecycle.accepting && (await databaseStatus()) === 'UP' ? 'UP' : 'DOWN';
      reply.status(status === 'UP' ? 200 : 503);
      return { status };
    });

    app.get('/actuator/health', async (_request, reply) => {
      const db = await databaseStatus();
      const readiness: Status = lifecycle.accepting && db === 'UP' ? 'UP' : 'DOWN';
      reply.status(readiness === 'UP' ? 200 : 503);
      return {
        status: readiness,
        components: {
          db: { status: db, details: { driver: database.driver } },
          livenessState: { status: 'UP' },
          readinessState: { status: readiness },
        },
      };
    });

    app.get('/actuator/info', async () => ({
      app: {
        name: config.app.name,
        basePackage: config.app.basePackage,
        package: info.packageName,
        version: info.version,
      },
    }));
  };
}
