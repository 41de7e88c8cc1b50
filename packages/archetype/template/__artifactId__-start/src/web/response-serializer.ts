import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Fastify's serializer for the routes' zod response schemas. Each schema becomes JSON Schema once, when its
 * route is registered, and fast-json-stringify compiles that into a function that writes the body in one pass;
 * like the zod schema, it writes only the properties the schema names. Parsing every answer with zod before
 * `JSON.stringify` cost more than the rest of the request. The schemas still check what the service answers:
 * `openapi.test.ts` validates every response against the document built from them.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const jsonSchema =
    schema instanceof z.ZodType ? z.toJSONSchema(schema, { target: 'draft-07', io: 'output' }) : schema;
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
};
