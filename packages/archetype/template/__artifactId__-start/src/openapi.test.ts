import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApplication, type TestApplication } from './test-application.test-support.js';

/**
 * `/openapi.json` against the service itself: every route it has is described, and what every described
 * operation answers (to its own examples, and to requests it refuses) matches the schema described for that status.
 */
interface Operation {
  readonly summary?: string;
  readonly parameters?: readonly { name: string; in: string; example?: unknown; required?: boolean }[];
  readonly requestBody?: { content: Record<string, { example?: unknown; schema?: object }> };
  readonly responses: Record<string, { content?: Record<string, { schema?: object; example?: unknown }> }>;
  readonly security?: readonly Record<string, readonly string[]>[];
}
interface OpenApi {
  readonly openapi: string;
  readonly info: { readonly license?: { readonly name: string } };
  readonly security?: readonly unknown[];
  readonly servers: readonly { url: string }[];
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components?: { readonly securitySchemes?: Record<string, object> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
let service: TestApplication;
let document: OpenApi;
const ajv = new Ajv2020({ strict: false, allErrors: true });

beforeAll(async () => {
  service = await startTestApplication();
  document = (await (await fetch(`${service.application.url}/openapi.json`)).json()) as OpenApi;
});
afterAll(() => service.application.close());

/** `/sys-users/:id` → `/sys-users/{id}`. */
const openApiPath = (url: string) => url.replaceAll(/:([A-Za-z_]\w*)/g, '{$1}');

/** Every operation of the document, reads first, so a delete comes after the reads of what it deletes. */
function operations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })))
    .sort((a, b) => METHODS.indexOf(a.method) - METHODS.indexOf(b.method));
}

/** Checks an answer against the document: the schema of its status, or of `default`, for its media type. */
async function expectDescribed(operation: Operation, response: Response, label: string): Promise<void> {
  const described = operation.responses[String(response.status)] ?? operation.responses.default;
  expect(described, `${label}: status ${response.status} is not described`).toBeDefined();
  const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
  const media = described?.content?.[type];
  expect(media, `${label}: ${type} is not described for ${response.status}`).toBeDefined();
  if (type !== 'application/json') {
    // A file: read to its end, so the service is not left waiting to send the rest.
    await response.arrayBuffer();
    return;
  }
  const validate = ajv.compile(media?.schema ?? {});
  const body: unknown = await response.json();
  expect(validate(body), `${label}: ${JSON.stringify(body)} ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe('/openapi.json', () => {
  it('says what a linter asks of it: the licence, the credentials of each operation, and every 4XX answer', () => {
    expect(document.info.license).toEqual({ name: 'Proprietary' });
    // No credentials, unless an operation names a security scheme, which the document then declares.
    expect(document.security).toEqual([]);
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    for (const { path, method, operation } of operations()) {
      expect(operation.responses['4XX'], `${method} ${path}`).toBeDefined();
      for (const requirement of operation.security ?? []) {
        expect(schemes, `${method} ${path}`).toEqual(expect.arrayContaining(Object.keys(requirement)));
      }
    }
  });

  it('is OpenAPI 3.1 with this service as its server', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: service.application.url }]);
  });

  it('describes every route the service has, but its own documentation routes', () => {
    const routes = service.application.routes
      .list()
      // The test program may see FastifySchema without the documentation fields route-documentation.ts adds.
      .filter(({ method, schema }) => METHODS.includes(method.toLowerCase()) && !(schema as { hide?: boolean })?.hide);
    expect(routes.length).toBeGreaterThan(5);
    for (const { method, url } of routes) {
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
      expect(operation, `${method} ${url}`).toBeDefined();
      expect(operation?.summary, `${method} ${url} has no summary`).toBeTruthy();
      expect(operation?.responses.default, `${method} ${url} has no error response`).toBeDefined();
    }
    expect(document.paths['/openapi.json']).toBeUndefined();
  });

  it('gives an example for every parameter and JSON body, each valid by its own schema', () => {
    for (const { path, method, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        expect(parameter.example, `${method} ${path} ${parameter.name}`).toBeDefined();
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.example === undefined || media.schema === undefined) continue;
          const validate = ajv.compile(media.schema);
          expect(validate(media.example), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        }
      }
    }
  });

  it('answers each JSON operation, called with its examples, as it describes', async () => {
    let called = 0;
    for (const { path, method, operation } of operations()) {
      const json = operation.requestBody?.content['application/json'];
      // An upload (multipart) has no example to send; its own tests check its answers.
      if (operation.requestBody && !json) continue;
      let url = path;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, String(parameter.example));
        else if (parameter.in === 'query') query.set(parameter.name, String(parameter.example));
      }
      const response = await service.fetch(`${service.application.url}${url}${query.size > 0 ? `?${query}` : ''}`, {
        method: method.toUpperCase(),
        headers: json ? { 'content-type': 'application/json' } : {},
        body: json ? JSON.stringify(json.example) : undefined,
      });
      await expectDescribed(operation, response, `${method.toUpperCase()} ${url}`);
      called++;
    }
    expect(called).toBeGreaterThan(5);
  });

  it('describes what the service answers to requests it refuses', async () => {
    const user = document.paths['/sys-users/{id}']?.get;
    const create = document.paths['/sys-users']?.post;
    if (!user || !create) throw new Error('the sample routes are not described');
    const post = (body: string) =>
      service.fetch(`${service.application.url}/sys-users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    await expectDescribed(user, await fetch(`${service.application.url}/sys-users/999999`), 'an unknown id');
    await expectDescribed(user, await fetch(`${service.application.url}/sys-users/abc`), 'an id that is not one');
    await expectDescribed(create, await post('{"name": " ", "age": 200}'), 'an invalid user');
    await expectDescribed(create, await post('{"name":'), 'malformed JSON');
  });
});
