import type { JsonSchema } from '@client/core';
import { generateSync } from 'json-schema-faker';
import sampler from 'openapi-sampler';

/**
 * How deep a generated value nests through `$ref`s: a schema that refers to itself (a tree, a comment's replies)
 * must end somewhere.
 */
const MAX_REF_DEPTH = 3;

/**
 * A value that holds to `schema`, always the same, as Prism's static mode builds it: the schema's `example`,
 * `examples`, `default`, `const` or first `enum` value where it has one, else a value of its type that keeps its
 * bounds and formats (`"string"`, `0`, `"user@example.com"`). `$ref`s point into `defs`. Write-only properties
 * are left out: they are what a client sends, never what a server answers.
 */
export function staticSample(schema: JsonSchema, defs: Record<string, JsonSchema>): unknown {
  return sampler.sample(
    schema as Parameters<typeof sampler.sample>[0],
    { skipWriteOnly: true, quiet: true, maxSampleDepth: 8 },
    { $defs: defs },
  );
}

/**
 * A random value that holds to `schema` (Prism's `Prefer: dynamic=true`): realistic values for its formats
 * (emails, UUIDs, dates, URIs), optional properties included, a new one on every call.
 */
export function dynamicSample(schema: JsonSchema, defs: Record<string, JsonSchema>): unknown {
  const rooted = typeof schema === 'boolean' ? { allOf: [schema], $defs: defs } : { $defs: defs, ...schema };
  return generateSync(rooted, {
    seed: Math.floor(Math.random() * 2 ** 31),
    alwaysFakeOptionals: true,
    refDepthMax: MAX_REF_DEPTH,
    pruneProperties: [],
  });
}
