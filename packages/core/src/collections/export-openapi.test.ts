import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Endpoint, EndpointBody } from '../model.js';
import { exportOpenApi } from './export-openapi.js';
import type { ProjectSnapshot } from './export-snapshot.js';
import { planCollection } from './plan-collection.js';

const STAMP = '2026-01-01T00:00:00.000Z';

function endpoint(id: string, method: string, path: string, body: EndpointBody = { mode: 'none' }): Endpoint {
  return {
    id,
    projectId: 'p',
    folderId: null,
    name: id,
    method,
    path,
    queryParams: [],
    headers: [],
    body,
    auth: { type: 'none' },
    state: 'Designing',
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

function snapshot(endpoints: Endpoint[]): ProjectSnapshot {
  return {
    name: 'Shop',
    description: '',
    variables: [
      { key: 'base_url', value: 'https://api.example.com' },
      { key: 'tenant', value: 'acme' },
      { key: 'count', value: '3' },
    ],
    folders: [],
    endpoints,
  };
}

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema };

/** Whether `value` holds to the JSON Schema keywords the export writes (type, properties, required, items). */
function validates(value: unknown, schema: Schema): boolean {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const typed =
    schema.type === undefined ||
    schema.type === kind ||
    (schema.type === 'integer' && Number.isInteger(value)) ||
    (schema.type === 'number' && kind === 'number');
  if (!typed) return false;
  if (kind === 'array')
    return (value as unknown[]).every((item) => schema.items === undefined || validates(item, schema.items));
  if (kind !== 'object') return true;
  const object = value as Record<string, unknown>;
  return (
    (schema.required ?? []).every((key) => key in object) &&
    Object.entries(schema.properties ?? {}).every(([key, inner]) => !(key in object) || validates(object[key], inner))
  );
}

interface Operation {
  servers?: { url: string; variables?: Record<string, { default: string }> }[];
  requestBody?: { content: Record<string, { schema: Schema; example: unknown }> };
  responses: unknown;
}
interface Document {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const documentOf = (endpoints: Endpoint[]) => exportOpenApi(snapshot(endpoints)).document as unknown as Document;

function operationOf(document: Document, path: string, method: string): Operation {
  const operation = document.paths[path]?.[method];
  if (operation === undefined) throw new Error(`the export has no ${method} ${path}`);
  return operation;
}

function jsonMediaOf(operation: Operation) {
  const media = operation.requestBody?.content['application/json'];
  if (media === undefined) throw new Error('the operation has no JSON body');
  return media;
}

/**
 * The OpenAPI 3.1 rules an export could break: every operation answers, every server names an absolute URL whose
 * `{variables}` all have a string default, and every JSON example is JSON that its schema accepts.
 */
function checkDocument(document: Document): void {
  expect(document.openapi).toBe('3.1.0');
  for (const [path, item] of Object.entries(document.paths)) {
    expect(path.startsWith('/')).toBe(true);
    for (const operation of Object.values(item)) {
      expect(operation.responses).toBeDefined();
      for (const server of operation.servers ?? []) {
        expect(server.url).toMatch(/^https?:\/\//);
        for (const [, name] of server.url.matchAll(/\{([^}]+)\}/g)) {
          expect(typeof server.variables?.[name ?? '']?.default).toBe('string');
        }
      }
      const json = operation.requestBody?.content['application/json'];
      if (json !== undefined) {
        expect(typeof json.example).not.toBe('string');
        expect(validates(json.example, json.schema)).toBe(true);
      }
    }
  }
}

describe('exportOpenApi', () => {
  it('gives an endpoint with a host of its own that host as its operation servers, a {{variable}} in it a server variable', () => {
    const document = documentOf([
      endpoint('token', 'POST', 'https://auth.example.com/oauth/token'),
      endpoint('tenant', 'GET', 'https://{{tenant}}.example.com/v1/me'),
      endpoint('same', 'GET', 'https://api.example.com/health'),
      endpoint('relative', 'GET', '/orders'),
    ]);
    checkDocument(document);
    expect(operationOf(document, '/oauth/token', 'post').servers).toEqual([{ url: 'https://auth.example.com' }]);
    expect(operationOf(document, '/v1/me', 'get').servers).toEqual([
      { url: 'https://{tenant}.example.com', variables: { tenant: { default: 'acme' } } },
    ]);
    expect(operationOf(document, '/health', 'get').servers).toBeUndefined();
    expect(operationOf(document, '/orders', 'get').servers).toBeUndefined();
    expect(document.servers).toEqual([{ url: 'https://api.example.com' }]);
  });

  it('writes a JSON body with {{variables}} as a JSON example its schema accepts', () => {
    const text = '{"count": {{count}}, "owner": "{{tenant}} ltd", "ref": {{missing}}, "price": 1.50}';
    const document = documentOf([endpoint('create', 'POST', '/orders', { mode: 'json', text })]);
    checkDocument(document);
    const media = jsonMediaOf(operationOf(document, '/orders', 'post'));
    expect(media.example).toEqual({ count: 3, owner: 'acme ltd', ref: '<missing>', price: 1.5 });
    expect(media.schema.properties).toEqual({
      count: { type: 'integer' },
      owner: { type: 'string' },
      ref: { type: 'string' },
      price: { type: 'number' },
    });
  });

  it('keeps any JSON body with placeholders in values and strings a valid example of its schema', () => {
    const MARK = 'zqslotzq';
    const placeholder = fc.constantFrom('{{count}}', '{{tenant}}', '{{missing}}');
    // Any JSON around a placeholder in a value's place and one inside a string.
    const withPlaceholders = fc
      .tuple(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), placeholder, placeholder)
      .map(([rest, text, slot, inText]) =>
        JSON.stringify({ ...rest, slot: MARK, text: `${text}${MARK}` })
          .replace(`"${MARK}"`, slot)
          .replace(MARK, inText),
      );
    fc.assert(
      fc.property(withPlaceholders, (text) => {
        const document = documentOf([endpoint('any', 'PUT', '/any', { mode: 'json', text })]);
        const media = jsonMediaOf(operationOf(document, '/any', 'put'));
        expect(validates(media.example, media.schema)).toBe(true);
      }),
    );
  });

  it('reads back through the OpenAPI import with the hosts it exported, each operation at its own', () => {
    const document = documentOf([
      endpoint('token', 'POST', 'https://auth.example.com/oauth/token'),
      endpoint('list', 'GET', '/orders'),
    ]);
    const plan = planCollection(JSON.parse(JSON.stringify(document)));
    expect(plan.baseUrl).toBe('https://api.example.com');
    expect(plan.endpoints.map(({ draft }) => `${draft.method} ${draft.path}`).sort()).toEqual([
      'GET /orders',
      'POST https://auth.example.com/oauth/token',
    ]);
  });
});
