import { describe, expect, it } from 'vitest';
import { findArchetype, GENERATOR_VERSION } from './archetype-catalog.js';

describe('archetype catalog', () => {
  it('finds the default archetype by its coordinates', () => {
    expect(findArchetype('client', 'node-fastify-archetype', GENERATOR_VERSION).artifactId).toBe(
      'node-fastify-archetype',
    );
  });

  it('lists what exists when the coordinates match nothing', () => {
    expect(() => findArchetype('client', 'node-fastify-archetype', '9.9.9')).toThrow(
      `archetype client:node-fastify-archetype:9.9.9 does not exist; available: client:node-fastify-archetype:${GENERATOR_VERSION} (layered multi-module service: Fastify, zod, Kysely, pino, OpenTelemetry)`,
    );
    expect(() => findArchetype('org.other', 'spring-boot-web-archetype', GENERATOR_VERSION)).toThrow(
      /does not exist; available:/,
    );
  });
});
