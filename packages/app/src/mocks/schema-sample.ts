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

/** The schema without its write-only properties, at every depth: what a server answers never holds them. */
function readable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(readable);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = readable(value);
  const properties = copy.properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    const kept = Object.entries(properties).filter(
      ([, property]) =>
        !(typeof property === 'object' && property !== null && 'writeOnly' in property && property.writeOnly === true),
    );
    copy.properties = Object.fromEntries(kept);
    if (Array.isArray(copy.required))
      copy.required = copy.required.filter((name) => kept.some(([kept]) => kept === name));
  }
  return copy;
}

/**
 * A random value that holds to `schema` (Prism's `Prefer: dynamic=true`): realistic values for its formats
 * (emails, UUIDs, dates, URIs), optional properties included, write-only ones left out, a new one on every call.
 */
export function dynamicSample(schema: JsonSchema, defs: Record<string, JsonSchema>): unknown {
  const rooted = readable(
    typeof schema === 'boolean' ? { allOf: [schema], $defs: defs } : { $defs: defs, ...schema },
  ) as Exclude<JsonSchema, boolean>;
  return generateSync(rooted, {
    seed: Math.floor(Math.random() * 2 ** 31),
    alwaysFakeOptionals: true,
    refDepthMax: MAX_REF_DEPTH,
    pruneProperties: [],
  });
}
