import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { Database } from '@__groupId__/__artifactId__-infrastructure';

import type { AppInfo } from '../app-info.js';
import type { ApplicationConfig } from '../config/application-config.js';
import type { Metrics } from '../observability/metrics.js';

type Status = 'UP' | 'DOWN';

const TAGS = ['actuator'];
const status = z.enum(['UP', 'DOWN']);
const probeSchema = z.object({ status }).meta({ examples: [{ status: 'UP' }] });
const healthSchema = z
  .object({
    status: z.enum(['UP', 'DOWN', 'DEGRADED']),
    components: z.object({
      db: z.object({ status, details: z.object({ driver: z.string() }) }),
      replicas: z
        .object({
          status,
          details: z.object({
            replicas: z.array(z.object({ name: z.string(), status, reason: z.string().optional() })),
          }),
        })
        .optional(),
      livenessState: z.object({ status }),
      readinessState: z.object({ status }),
    }),
  })
  .meta({
    examples: [
      {
        status: 'UP',
        components: {
          db: { status: 'UP', details: { driver: 'better-sqlite3' } },
          livenessState: { status: 'UP' },
          readinessState: { status: 'UP' },
        },
      },
    ],
  });
const infoSchema = z.object({
  app: z.object({ name: z.string(), basePackage: z.string(), package: z.string(), version: z.string() }),
});

/** Readiness turns DOWN when shutdown begins, so the load balancer stops sending traffic first. */
export interface Lifecycle {
  accepting: boolean;
}

/**
 * Spring Boot Actuator's health and info endpoints (not wrapped in `{code, data, msg}`, as there):
 * liveness says the process runs, readiness that it can serve (database reachable, not shutting down). With
 * read-write splitting, health also probes the replicas: one down makes it `DEGRADED` (still 200), since its
 * reads go to the primary meanwhile; readiness stays UP.
 */
export function actuatorRoutes(
  database: Database,
  lifecycle: Lifecycle,
  config: ApplicationConfig,
  info: AppInfo,
  metrics: Metrics,
) {
  async function databaseStatus(): Promise<Status> {
    return database.ping().then(
      () => 'UP',
      () => 'DOWN',
    );
  }

  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/actuator/health/liveness',
      { schema: { summary: 'Liveness: the process runs', tags: TAGS, response: { 200: probeSchema } } },
      async () => ({ status: 'UP' }),
    );

    const readiness = { summary: 'Readiness: the service can serve (503 while not)', tags: TAGS };
    app.get(
      '/actuator/health/readiness',
      { schema: { ...readiness, response: { 200: probeSchema, 503: probeSchema } } },
      async (_request, reply) => {
        const status: Status = lifecycle.accepting && (await databaseStatus()) === 'UP' ? 'UP' : 'DOWN';
        reply.status(status === 'UP' ? 200 : 503);
        return { status };
      },
    );

    const health = { summary: 'Health of the service and its database (503 while not ready)', tags: TAGS };
    app.get(
      '/actuator/health',
      { schema: { ...health, response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const [db, replicas] = await Promise.all([databaseStatus(), database.replicaHealth()]);
        const readiness: Status = lifecycle.accepting && db === 'UP' ? 'UP' : 'DOWN';
        const replicasUp = replicas.every((replica) => replica.status === 'UP');
        // A replica down is no reason to stop serving (its reads go to the primary), but it is worth a look.
        const status = readiness === 'DOWN' ? 'DOWN' : replicasUp ? 'UP' : 'DEGRADED';
        reply.status(readiness === 'UP' ? 200 : 503);
        return {
          status,
          components: {
            db: { status: db, details: { driver: database.driver } },
            ...(replicas.length > 0 ? { replicas: { status: replicasUp ? 'UP' : 'DOWN', details: { replicas } } } : {}),
            livenessState: { status: 'UP' },
            readinessState: { status: readiness },
          },
        };
      },
    );

    const { scrape } = metrics;
    if (scrape) {
      const prometheus = {
        summary: 'Metrics in the Prometheus text format',
        tags: TAGS,
        openapi: {
          responses: { 200: { description: 'The metrics', content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
      };
      app.get('/actuator/prometheus', { schema: prometheus }, async (request, reply) => {
        // The exporter writes the answer itself: it gets the headers every answer carries (request id, security).
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(name, value);
        }
        reply.hijack();
        scrape(request.raw, reply.raw);
      });
    }

    const about = { summary: 'The name and version of the service', tags: TAGS, response: { 200: infoSchema } };
    app.get('/actuator/info', { schema: about }, async () => ({
      app: {
        name: config.app.name,
        basePackage: config.app.basePackage,
        package: info.packageName,
        version: info.version,
      },
    }));
  };
}
