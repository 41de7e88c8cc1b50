import { z } from 'zod';

import { DATABASE_DRIVERS } from '@__groupId__/__artifactId__-infrastructure';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The shape of `application.yaml` after the profile and environment overrides are applied. Other top-level
 * sections are kept as they are: each capability added with `archetype add` validates its own.
 */
export const applicationConfigSchema = z.looseObject({
  app: z.object({ name: z.string().min(1), basePackage: z.string().min(1) }),
  server: z.object({
    host: z.string().min(1),
    port: z.coerce.number().int().min(0).max(65_535),
    maxBodyBytes: z.number().int().positive(),
    keepAliveTimeout: z.number().int().positive(),
    /** Fastify's `trustProxy`: true, a number of hops, or the addresses/CIDRs of the proxies to trust. */
    trustProxy: z.union([z.boolean(), z.number().int().nonnegative(), z.string(), z.array(z.string())]),
    shutdown: z.object({ drainDelay: z.number().int().nonnegative(), timeout: z.number().int().positive() }),
    securityHeaders: z.object({ enabled: z.boolean() }),
    cors: z.object({ enabled: z.boolean(), origins: z.array(z.string()), credentials: z.boolean() }),
    rateLimit: z.object({
      enabled: z.boolean(),
      max: z.number().int().positive(),
      timeWindow: z.number().int().positive(),
    }),
    accessLog: z.object({ enabled: z.boolean() }),
  }),
  datasource: z.object({
    driver: z.enum(DATABASE_DRIVERS),
    url: z.string().min(1),
    username: z.string(),
    password: z.string(),
    maximumPoolSize: z.number().int().positive(),
  }),
  migrations: z.object({ runAtStartup: z.boolean() }),
  openapi: z.object({
    enabled: z.boolean(),
    docs: z.object({ enabled: z.boolean() }),
    // A default, so a configuration written before the key existed still loads.
    license: z
      .object({ name: z.string().min(1), identifier: z.string().min(1).optional(), url: z.url().optional() })
      .default({ name: 'Proprietary' }),
  }),
  management: z.object({
    metrics: z.object({ prometheus: z.object({ enabled: z.boolean() }) }),
    tracing: z.object({ sampling: z.object({ probability: z.coerce.number().min(0).max(1) }) }),
    otlp: z.object({ tracing: z.object({ endpoint: z.string() }) }),
  }),
  logging: z.object({
    level: z.enum(LOG_LEVELS),
    /** Coloured one-line messages (pino-pretty, a development tool) instead of JSON lines. */
    pretty: z.boolean().default(false),
    file: z.object({
      enabled: z.boolean(),
      path: z.string().min(1),
      maxSize: z.string().min(1),
      maxHistory: z.number().int().positive(),
    }),
  }),
});

export type ApplicationConfig = z.infer<typeof applicationConfigSchema>;
