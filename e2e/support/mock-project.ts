import { join } from 'node:path';
import type { EndpointContract, JsonSchema } from '@client/core';
import { openStore } from '@client/store';

/** The body a mock of the seeded project answers `GET /users/1` with: its example "ok". */
export const USER_EXAMPLE = { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' };

const USER_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'email'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
  },
};
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
};

/**
 * `GET /users/{id}` as an OpenAPI 3.0 document: the route the seeded project's "Get user" endpoint mocks, with the
 * same example, for a mock of the document itself (Prism) to answer alike.
 */
export const USER_API_OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '1.0.0' },
  servers: [{ url: 'http://shop.example.test/v1' }],
  paths: {
    '/users/{id}': {
      get: {
        operationId: 'getUser',
        summary: 'Get user',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': {
            description: 'The user',
            content: { 'application/json': { schema: USER_SCHEMA, examples: { ok: { value: USER_EXAMPLE } } } },
          },
          '404': {
            description: 'No such user',
            content: {
              'application/json': {
                schema: ERROR_SCHEMA,
                examples: { missing: { value: { code: 'NOT_FOUND', message: 'no user 1' } } },
              },
            },
          },
        },
      },
    },
  },
};

const GET_USER_CONTRACT: EndpointContract = {
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
  responses: [
    {
      status: '200',
      description: 'The user',
      headers: [],
      content: [{ mediaType: 'application/json', schema: USER_SCHEMA }],
    },
    {
      status: '404',
      description: 'No such user',
      headers: [],
      content: [{ mediaType: 'application/json', schema: ERROR_SCHEMA }],
    },
  ],
  defs: {},
};

const JSON_HEADERS = [{ key: 'Content-Type', value: 'application/json' }];

export interface MockProject {
  projectId: string;
  /** The folder "Admin", which holds `GET /admin/stats` alone. */
  adminFolderId: string;
}

/**
 * Seeds a data dir with the project "Shop" as an OpenAPI import leaves it (paths relative to `base_url`, path
 * parameters as `{{id}}`, examples and contracts): `GET /users/{{id}}` with the examples "ok" (200) and "missing"
 * (404), `POST /users` that needs a body with a name, and `GET /admin/stats` in the folder "Admin".
 */
export function seedMockProject(dataDir: string): MockProject {
  const store = openStore(join(dataDir, 'client.db'));
  try {
    const project = store.projects.create({ name: 'Shop', baseUrl: 'http://shop.example.test/v1' });
    const admin = store.folders.create({ projectId: project.id, name: 'Admin' });
    store.endpoints.create(project.id, null, {
      name: 'Get user',
      method: 'GET',
      path: '/users/{{id}}',
      examples: [
        { name: 'ok', status: 200, headers: JSON_HEADERS, body: JSON.stringify(USER_EXAMPLE) },
        { name: 'missing', status: 404, headers: JSON_HEADERS, body: '{"code":"NOT_FOUND","message":"no user 1"}' },
      ],
      contract: GET_USER_CONTRACT,
    });
    store.endpoints.create(project.id, null, {
      name: 'Create user',
      method: 'POST',
      path: '/users',
      body: { mode: 'json', text: '{"name": "Ada"}' },
      examples: [{ name: 'created', status: 201, headers: JSON_HEADERS, body: JSON.stringify(USER_EXAMPLE) }],
      contract: {
        parameters: [],
        requestBody: {
          required: true,
          content: [
            {
              mediaType: 'application/json',
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
            },
          ],
        },
        responses: [{ status: '201', headers: [], content: [{ mediaType: 'application/json', schema: USER_SCHEMA }] }],
        defs: {},
      },
    });
    store.endpoints.create(project.id, admin.id, {
      name: 'Stats',
      method: 'GET',
      path: '/admin/stats',
      examples: [{ name: 'today', status: 200, headers: JSON_HEADERS, body: '{"users":1}' }],
    });
    return { projectId: project.id, adminFolderId: admin.id };
  } finally {
    store.close();
  }
}
