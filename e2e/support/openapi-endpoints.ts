import { readFileSync } from 'node:fs';
import type { EndpointContract, EndpointExample, JsonSchema } from '@client/core';
import type { NewEndpoint } from '@client/store';
import { parse } from 'yaml';

/**
 * Endpoints with examples and contracts from an OpenAPI 3.0/3.1 document, as the comparison with Prism needs them
 * before the app's own OpenAPI import keeps both: `#/components/schemas/X` becomes `#/$defs/X` of each contract,
 * every other local `$ref` is inlined, and 3.0's `nullable` and boolean `exclusiveMinimum`/`exclusiveMaximum`
 * become their 2020-12 spellings. A test helper, not the app's import.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointer(document: JsonObject, ref: string): Json {
  let node: Json = document;
  for (const part of ref.slice(2).split('/')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? (node[key] ?? null) : null;
  }
  return node;
}

/** Inlines local `$ref`s other than schemas', until none is left at the top of `value`. */
function deref(document: JsonObject, value: Json | undefined): Json | undefined {
  let node = value;
  for (let depth = 0; isObject(node) && typeof node.$ref === 'string' && depth < 20; depth++) {
    if (node.$ref.startsWith('#/components/schemas/')) return node;
    node = pointer(document, node.$ref);
  }
  return node;
}

/** A schema as JSON Schema 2020-12, its schema references pointing at `$defs`. */
function toSchema(value: Json, openapi30: boolean): Json {
  if (Array.isArray(value)) return value.map((item) => toSchema(item, openapi30));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') out.$ref = item.replace('#/components/schemas/', '#/$defs/');
    else if (key === 'nullable' || key === 'discriminator' || key === 'xml') continue;
    else out[key] = toSchema(item, openapi30);
  }
  if (openapi30 && value.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  return out;
}

function mediaList(document: JsonObject, content: Json | undefined, openapi30: boolean) {
  const media = deref(document, content);
  if (!isObject(media)) return [];
  return Object.entries(media).map(([mediaType, value]) => {
    const body = deref(document, value);
    const schema = isObject(body) && body.schema !== undefined ? toSchema(body.schema, openapi30) : undefined;
    return { mediaType, ...(schema === undefined ? {} : { schema: schema as JsonSchema }), raw: body };
  });
}

function examplesOf(document: JsonObject, status: string, content: Json | undefined): EndpointExample[] {
  const number = /^\d{3}$/.test(status) ? Number(status) : /^\dXX$/.test(status) ? Number(status[0]) * 100 : null;
  if (number === null) return [];
  const [first] = mediaList(document, content, false);
  if (first === undefined || !isObject(first.raw)) return [];
  const headers = [{ key: 'Content-Type', value: first.mediaType }];
  const body = (value: Json) => (typeof value === 'string' ? value : JSON.stringify(value));
  const named = deref(document, first.raw.examples);
  if (isObject(named)) {
    return Object.entries(named).flatMap(([name, example]) => {
      const resolved = deref(document, example);
      return isObject(resolved) && resolved.value !== undefined
        ? [{ name, status: number, headers, body: body(resolved.value) }]
        : [];
    });
  }
  return first.raw.example === undefined
    ? []
    : [{ name: status, status: number, headers, body: body(first.raw.example) }];
}

/** Every operation of the document as an endpoint draft with its examples and contract. */
export function openApiEndpoints(path: string): NewEndpoint[] {
  const document = parse(readFileSync(path, 'utf8')) as JsonObject;
  const openapi30 = String(document.openapi).startsWith('3.0');
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const defs = Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, toSchema(schema, openapi30) as JsonSchema]),
  );
  const paths = isObject(document.paths) ? document.paths : {};
  const endpoints: NewEndpoint[] = [];
  for (const [route, pathItemValue] of Object.entries(paths)) {
    const pathItem = deref(document, pathItemValue);
    if (!isObject(pathItem)) continue;
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const parameters = new Map<string, JsonObject>();
      for (const item of [...shared, ...own]) {
        const parameter = deref(document, item);
        if (isObject(parameter) && ['path', 'query', 'header'].includes(String(parameter.in))) {
          parameters.set(`${parameter.in} ${parameter.name}`, parameter);
        }
      }
      const requestBody = deref(document, operation.requestBody);
      const responses = isObject(operation.responses) ? operation.responses : {};
      const examples: EndpointExample[] = [];
      const contract: EndpointContract = {
        parameters: [...parameters.values()].map((parameter) => ({
          name: String(parameter.name),
          in: parameter.in as 'path' | 'query' | 'header',
          required: parameter.required === true || parameter.in === 'path',
          ...(parameter.schema === undefined ? {} : { schema: toSchema(parameter.schema, openapi30) as JsonSchema }),
        })),
        ...(isObject(requestBody)
          ? {
              requestBody: {
                required: requestBody.required === true,
                content: mediaList(document, requestBody.content, openapi30).map(({ raw: _raw, ...media }) => media),
              },
            }
          : {}),
        responses: Object.entries(responses).map(([status, value]) => {
          const response = deref(document, value);
          const body = isObject(response) ? response : {};
          for (const example of examplesOf(document, status, body.content)) {
            const taken = examples.some((other) => other.name === example.name);
            examples.push(taken ? { ...example, name: `${example.name} ${status}` } : example);
          }
          const headers = isObject(body.headers) ? body.headers : {};
          return {
            status,
            headers: Object.entries(headers).map(([name, header]) => {
              const resolved = deref(document, header);
              const schema = isObject(resolved) ? resolved.schema : undefined;
              return {
                name,
                required: isObject(resolved) && resolved.required === true,
                ...(schema === undefined ? {} : { schema: toSchema(schema, openapi30) as JsonSchema }),
              };
            }),
            content: mediaList(document, body.content, openapi30).map(({ raw: _raw, ...media }) => media),
          };
        }),
        defs,
      };
      endpoints.push({
        name: typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${route}`,
        method: method.toUpperCase(),
        path: route,
        ...(examples.length === 0 ? {} : { examples }),
        contract,
      });
    }
  }
  return endpoints;
}
