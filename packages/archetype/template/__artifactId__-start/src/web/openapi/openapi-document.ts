import { z } from 'zod';

import type { RouteTable } from '../route-table.js';
import { errorResponseSchema } from '../unified-response.js';
import type { ResponseDocumentation } from './route-documentation.js';

type JsonSchema = Record<string, unknown>;

export interface DocumentInfo {
  readonly title: string;
  readonly version: string;
  readonly description: string;
  /** Where the service was reached (`http://localhost:8080`): the one server of the document. */
  readonly serverUrl: string;
  /** The terms the API is offered under (`openapi.license`): a name, and an SPDX identifier or a URL. */
  readonly license: { readonly name: string; readonly identifier?: string; readonly url?: string };
}

const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'PATCH']);

/** A zod schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1; what a client sends, or what it receives. */
function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

/** The first example a schema names, or one it implies (its default, its first allowed value). */
function exampleOf(schema: JsonSchema): unknown {
  const examples = schema.examples;
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return undefined;
}

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
  readonly example?: unknown;
}

/**
 * The query parameters of a nested query schema, named as the nested query parser reads them: objects open
 * with dots and lists with `[i]` (`page.sorts[0].column`). A list is described by its first item; the
 * description says how many there may be.
 */
function queryParameters(schema: JsonSchema, prefix = '', required = false): Parameter[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type === 'object' && properties) {
    const needed = new Set((schema.required as string[] | undefined) ?? []);
    return Object.entries(properties).flatMap(([key, property]) =>
      queryParameters(property, prefix === '' ? key : `${prefix}.${key}`, required && needed.has(key)),
    );
  }
  if (schema.type === 'array' && typeof schema.items === 'object' && schema.items !== null) {
    const most = typeof schema.maxItems === 'number' ? ` (at most ${schema.maxItems})` : '';
    return queryParameters(schema.items as JsonSchema, `${prefix}[0]`, false).map((parameter) => ({
      ...parameter,
      description: `${parameter.description ?? ''}Item 0 of a list: ${prefix}[1], ${prefix}[2] … follow${most}.`,
    }));
  }
  if (prefix === '') return [];
  const example = exampleOf(schema);
  return [{ name: prefix, in: 'query', required, schema, ...(example === undefined ? {} : { example }) }];
}

function pathParameters(schema: JsonSchema): Parameter[] {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  return Object.entries(properties).map(([name, property]) => {
    const example = exampleOf(property);
    return { name, in: 'path', required: true, schema: property, ...(example === undefined ? {} : { example }) };
  });
}

function jsonContent(schema: JsonSchema): Record<string, object> {
  const example = exampleOf(schema);
  return { 'application/json': { schema, ...(example === undefined ? {} : { example }) } };
}

/** The example of a response body: a unified body's from the example of its `data`, any other's its own. */
function responseExample(schema: JsonSchema): unknown {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const data = properties?.data;
  if (!properties?.code || !properties.msg || !data) return exampleOf(schema);
  const example = exampleOf(data);
  return example === undefined && data.type !== 'null'
    ? undefined
    : { code: 200, data: example ?? null, msg: 'success' };
}

/** `/sys-users/:id` → `/sys-users/{id}`. */
function openApiPath(url: string): string {
  return url.replaceAll(/:([A-Za-z_][\w]*)(\([^)]*\))?/g, '{$1}');
}

const ERROR_RESPONSE = {
  description: 'An error, in the unified shape: the HTTP status as `code`, `data: null`, the reason as `msg`.',
  content: jsonContent(jsonSchema(errorResponseSchema, 'output') ?? {}),
};

/**
 * The OpenAPI 3.1 document of every route the server has (but those marked `hide`), built from their zod
 * schemas: parameters, bodies and the 200 response, with examples, and the unified error body as the default
 * response. What a schema cannot say (a multipart upload, a file) the route adds under `schema.openapi`.
 */
export function openApiDocument(routes: RouteTable, info: DocumentInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  const securitySchemes: Record<string, object> = {};
  for (const { method, url, schema = {} } of routes.list()) {
    if (!METHODS.has(method) || schema.hide) continue;
    const parameters = [
      ...pathParameters(jsonSchema(schema.params, 'input') ?? {}),
      ...queryParameters(jsonSchema(schema.querystring, 'input') ?? {}),
    ];
    const body = jsonSchema(schema.body, 'input');
    const responses: Record<string, ResponseDocumentation> = {};
    for (const [status, response] of Object.entries((schema.response as Record<string, unknown> | undefined) ?? {})) {
      const described = jsonSchema(response, 'output');
      if (!described) continue;
      const example = responseExample(described);
      responses[status] = {
        description: status.startsWith('2') ? 'Success' : 'See the body',
        content: { 'application/json': { schema: described, ...(example === undefined ? {} : { example }) } },
      };
    }
    for (const [status, response] of Object.entries(schema.openapi?.responses ?? {})) {
      // A route may describe a body with a zod schema or with JSON Schema itself.
      const content = Object.fromEntries(
        Object.entries(response.content ?? {}).map(([type, media]) => [
          type,
          { ...media, schema: jsonSchema(media.schema, 'output') ?? media.schema },
        ]),
      );
      responses[status] = { ...response, ...(response.content ? { content } : {}) };
    }
    if (Object.keys(responses).length === 0) responses['200'] = { description: 'Success' };
    for (const tag of schema.tags ?? []) tags.add(tag);
    Object.assign(securitySchemes, schema.openapi?.securitySchemes);
    const path = openApiPath(url);
    const item = paths[path] ?? {};
    paths[path] = item;
    item[method.toLowerCase()] = {
      ...(schema.summary ? { summary: schema.summary } : {}),
      ...(schema.description ? { description: schema.description } : {}),
      ...(schema.tags ? { tags: schema.tags } : {}),
      operationId: `${method.toLowerCase()}${path.replaceAll(/[^A-Za-z0-9]+(.)?/g, (_, next?: string) => next?.toUpperCase() ?? '')}`,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body
        ? { requestBody: { required: true, content: jsonContent(body) } }
        : schema.openapi?.requestBody
          ? { requestBody: schema.openapi.requestBody }
          : {}),
      ...(schema.openapi?.security ? { security: schema.openapi.security } : {}),
      // Every route may refuse a request (a 404, a 405 for another method, a 415, a 429): 4XX is said outright.
      responses: { ...responses, '4XX': ERROR_RESPONSE, default: ERROR_RESPONSE },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description, license: info.license },
    // A route asks for no credentials unless its operation says otherwise: said outright, so a client or a linter
    // need not guess.
    security: [],
    servers: [{ url: info.serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    ...(Object.keys(securitySchemes).length > 0 ? { components: { securitySchemes } } : {}),
  };
}
