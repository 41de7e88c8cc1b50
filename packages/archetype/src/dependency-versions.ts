/**
 * The version of every third-party package a generated project uses, all chosen to run on Node 22 and 24 (the project's target) and still on Node 20.19. Template
 * manifests name dependencies with `*`; generation writes these versions into the root manifest, the project's
 * bill of materials (see `pinDependencyVersions`). A dependency missing here fails generation.
 */
export const DEPENDENCY_VERSIONS = {
  // Runtime: the framework and its companions.
  fastify: '5.12.8',
  'fastify-type-provider-zod': '7.0.0',
  // Fastify's own serializer, fed the JSON Schema of each zod response schema.
  'fast-json-stringify': '7.3.10',
  zod: '4.6.7',
  kysely: '0.28.18',
  pino: '10.4.0',
  'pino-roll': '4.0.0',
  yaml: '2.9.1',
  '@opentelemetry/api': '1.9.1',
  '@opentelemetry/sdk-node': '0.223.0',
  '@opentelemetry/sdk-trace-base': '2.12.0',
  '@opentelemetry/resources': '2.12.0',
  '@opentelemetry/exporter-trace-otlp-http': '0.223.0',
  '@opentelemetry/semantic-conventions': '1.45.0',
  '@opentelemetry/sdk-metrics': '2.12.0',
  '@opentelemetry/exporter-prometheus': '0.223.0',
  // Operational defaults: CORS, security headers, rate limiting; the API docs page.
  '@fastify/cors': '11.4.3',
  helmet: '8.3.0',
  '@fastify/rate-limit': '11.2.0',
  'swagger-ui-dist': '5.35.0',
  // Database drivers, loaded by name from the datasource configuration.
  // 13 is built on Node-API: 12's statement finaliser aborts Node 24 when V8 collects a statement.
  'better-sqlite3': '13.2.0',
  pg: '8.23.1',
  mysql2: '3.24.6',
  // Capability: distributed-lock
  ioredis: '5.11.1',
  // Capability: excel
  exceljs: '4.4.0',
  '@fastify/multipart': '10.1.9',
  // Capability: auth
  jose: '6.2.18',
  // Build and check tools.
  typescript: '5.9.3',
  '@types/node': '24.19.2',
  tsx: '4.23.15',
  'pino-pretty': '13.2.0',
  ajv: '8.20.0',
  vitest: '4.1.12',
  'fast-check': '4.10.2',
  '@biomejs/biome': '2.5.15',
  'dependency-cruiser': '17.4.3',
} as const satisfies Record<string, string>;

export type ManagedDependency = keyof typeof DEPENDENCY_VERSIONS;

export function isManagedDependency(name: string): name is ManagedDependency {
  return Object.hasOwn(DEPENDENCY_VERSIONS, name);
}
