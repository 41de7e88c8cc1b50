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
    accessLog: z.object({ enabled: z.boolean() }),
  }),
  datasource: z.object({
    driver: z.enum(DATABASE_DRIVERS),
    url: z.string().min(1),
    username: z.string(),
    password: z.string(),
    maximumPoolSize: z.number().int().positive(),
  }),
  sql: z.object({ init: z.object({ mode: z.enum(['embedded', 'always', 'never']) }) }),
  management: z.object({
    tracing: z.object({ sampling: z.object({ probability: z.coerce.number().min(0).max(1) }) }),
    otlp: z.object({ tracing: z.object({ endpoint: z.string() }) }),
  }),
  logging: z.object({
    level: z.enum(LOG_LEVELS),
    file: z.object({
      enabled: z.boolean(),
      path: z.string().min(1),
      maxSize: z.string().min(1),
      maxHistory: z.number().int().positive(),
    }),
  }),
});

export type ApplicationConfig = z.infer<typeof applicationConfigSchema>;
