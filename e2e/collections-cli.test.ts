import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand, startAppProcess } from './support/app-process.js';
import { HAS_SHARED, SHARED, SHARED_CASES } from './support/shared-collections.js';
import { type LocalServer, startLocalServer } from './support/ui-session.js';

afterEach(cleanupAppProcesses);

interface Summary {
  projectId: string | null;
  projectName: string;
  created: { folders: number; endpoints: number; environments: number };
  updated: { endpoints: number };
  skipped: { item: string; reason: string }[];
  warnings: string[];
}

interface Listed {
  method: string;
  baseUrl: string | null;
  path: string;
  name: string;
  folderId: string | null;
  body: { mode: string; text?: string };
  auth: { type: string };
  queryParams: { key: string; value: string }[];
}

async function client(dataDir: string, args: string[], input?: string) {
  return runClientCommand(args, { dataDir, timeoutMs: 60_000, ...(input === undefined ? {} : { input }) });
}

async function importOk(dataDir: string, args: string[]): Promise<Summary> {
  const result = await client(dataDir, ['import', ...args]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Summary;
}

async function projects(
  dataDir: string,
): Promise<{ projectId: string; name: string; endpointCount: number; baseUrl: string | null }[]> {
  return JSON.parse((await client(dataDir, ['project', 'list'])).stdout);
}

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'client-collections-'));
}

/**
 * An export never carries a secret: a literal password or token (listed masked, `••••`) goes out as a
 * `{{variable}}`. A round trip keeps everything else, so both stand for the same secret here.
 */
function secretSlots(auth: Listed['auth']): Listed['auth'] {
  const slots = Object.entries(auth).map(([key, value]) =>
    ['password', 'token', 'value', 'clientSecret'].includes(key) &&
    typeof value === 'string' &&
    (value === '••••' || /^\{\{[^{}]+\}\}$/.test(value))
      ? [key, '<secret>']
      : [key, value],
  );
  return Object.fromEntries(slots) as Listed['auth'];
}

/** What a round trip must keep of each endpoint, in an order that does not depend on the export's. */
const stripped = (list: Listed[]) =>
  list
    .map(({ method, path, name, body, auth, queryParams }) => ({
      method,
      path,
      name,
      body,
      auth: secretSlots(auth),
      queryParams,
    }))
    .sort((a, b) => `${a.method}${a.path}${a.name}`.localeCompare(`${b.method}${b.path}${b.name}`));

const sortKey = (endpoints: Listed[]) =>
  endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path} ${endpoint.name}`).sort();

describe.skipIf(!HAS_SHARED)(
  'client import of the real files in ../shared/collections (skipped where that folder is absent)',
  () => {
    it.each(SHARED_CASES)('imports %s with its folders, endpoints and base_url', async (file, expected) => {
      const dataDir = createDataDir();
      const summary = await importOk(dataDir, [join(SHARED, file)]);
      expect(summary.created).toEqual({
        folders: expected.folders,
        endpoints: expected.endpoints,
        environments: expected.environments ?? 0,
      });
      const [project] = await projects(dataDir);
      expect(project).toMatchObject({
        projectId: summary.projectId,
        endpointCount: expected.endpoints,
        baseUrl: expected.baseUrl,
      });
    });

    it('keeps methods, paths, bodies and auth of the Swagger petstore', async () => {
      const dataDir = createDataDir();
      const summary = await importOk(dataDir, [join(SHARED, 'swagger20/petstore.json')]);
      const app = await startAppProcess({ dataDir });
      const answer = await app.request('GET', `/agent/endpoints/${summary.projectId}`);
      const endpoints = answer.json as Listed[];
      const addPet = endpoints.find((endpoint) => endpoint.method === 'POST' && endpoint.path === '/pet');
      expect(addPet?.body.mode).toBe('json');
      expect(JSON.parse(addPet?.body.text ?? '')).toMatchObject({ name: 'doggie', photoUrls: ['string'] });
      expect(addPet?.auth.type).toBe('bearer');
      const byId = endpoints.find((endpoint) => endpoint.method === 'GET' && endpoint.path === '/pet/{{petId}}');
      expect(byId?.name).toBe('Find pet by ID');
      const inventory = endpoints.find((endpoint) => endpoint.path === '/store/inventory');
      expect(inventory?.auth).toEqual({ type: 'apiKey', key: 'api_key', value: '{{apiKey}}', in: 'header' });
    });

    it.each([
      'openapi31/realworld-conduit.openapi.yml',
      'openapi30/petstore-expanded.yaml',
      'openapi30/uspto.yaml',
      'swagger20/petstore.json',
    ])('round-trips %s: import, export as OpenAPI, import again gives the same endpoints', async (file) => {
      const dataDir = createDataDir();
      const first = await importOk(dataDir, [join(SHARED, file)]);
      const out = join(scratch(), 'exported.openapi.json');
      const exported = await client(dataDir, ['export', String(first.projectId), '--format', 'openapi', '--out', out]);
      expect(exported.code).toBe(0);
      expect(statSync(out).mode & 0o777).toBe(0o600);
      const second = await importOk(dataDir, [out]);
      const app = await startAppProcess({ dataDir });
      const one = (await app.request('GET', `/agent/endpoints/${first.projectId}`)).json as Listed[];
      const two = (await app.request('GET', `/agent/endpoints/${second.projectId}`)).json as Listed[];
      expect(two).toHaveLength(first.created.endpoints);
      expect(sortKey(two)).toEqual(sortKey(one));
      expect(stripped(two)).toEqual(stripped(one));
    });

    it.each([
      'postman21/realworld-conduit.postman_collection.json',
      'postman21/transferwise-bank-flow.postman_collection.json',
      'postman20/paypal-checkout-flows.json',
      'postman20/newman-echo-v2.postman_collection.json',
    ])('round-trips %s: import, export as Postman v2.1, import again gives the same endpoints', async (source) => {
      const dataDir = createDataDir();
      const first = await importOk(dataDir, [join(SHARED, source)]);
      const exported = await client(dataDir, ['export', String(first.projectId), '--format', 'postman']);
      expect(exported.code).toBe(0);
      const file = join(scratch(), 'conduit.postman_collection.json');
      writeFileSync(file, exported.stdout);
      const second = await importOk(dataDir, [file]);
      expect(second.created).toEqual(first.created);
      const app = await startAppProcess({ dataDir });
      const one = (await app.request('GET', `/agent/endpoints/${first.projectId}`)).json as Listed[];
      const two = (await app.request('GET', `/agent/endpoints/${second.projectId}`)).json as Listed[];
      expect(sortKey(two)).toEqual(sortKey(one));
      expect(stripped(two)).toEqual(stripped(one));
    });
  },
);

const OPENAPI = `openapi: 3.0.3
info: { title: Shop, version: '1' }
servers: [{ url: 'https://shop.example.com/v1' }, { url: 'https://staging.shop.example.com/v1' }]
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
security: [{ key: [] }]
paths:
  /orders/{orderId}:
    parameters: [{ name: orderId, in: path, required: true, example: '42' }]
    get:
      tags: [Orders]
      summary: Get order
      parameters: [{ name: verbose, in: query, schema: { type: boolean, default: false } }]
  /orders:
    post:
      tags: [Orders]
      summary: Create order
      requestBody:
        content:
          application/json:
            schema: { $ref: 'schemas.yaml#/Order' }
`;
const SCHEMAS = `Order:
  type: object
  properties:
    item: { type: string, example: book }
    quantity: { type: integer, minimum: 1 }
`;

describe('client import of our own fixtures', () => {
  it('resolves a $ref to a file in the same folder and answers the issue JSON', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'shop.yaml'), OPENAPI);
    writeFileSync(join(dir, 'schemas.yaml'), SCHEMAS);
    const dataDir = createDataDir();
    const summary = await importOk(dataDir, [join(dir, 'shop.yaml')]);
    expect(summary).toMatchObject({
      projectName: 'Shop',
      created: { folders: 1, endpoints: 2, environments: 2 },
      skipped: [],
      warnings: [],
    });
    const app = await startAppProcess({ dataDir });
    const endpoints = (await app.request('GET', `/agent/endpoints/${summary.projectId}`)).json as Listed[];
    const create = endpoints.find((endpoint) => endpoint.method === 'POST');
    expect(JSON.parse(create?.body.text ?? '')).toEqual({ item: 'book', quantity: 1 });
    const get = endpoints.find((endpoint) => endpoint.method === 'GET');
    expect(get).toMatchObject({ path: '/orders/{{orderId}}', queryParams: [{ key: 'verbose', value: 'false' }] });
    expect(get?.auth).toEqual({ type: 'apiKey', key: 'X-Key', value: '{{apiKey}}', in: 'header' });
  });

  it('imports a few kilobytes of schemas that each name the next six times over, with a body example of bounded size', async () => {
    // Nine levels of six properties, each a $ref to the next level: 6^8 values if the example unfolded whole.
    const schemas: Record<string, unknown> = {};
    for (let level = 0; level < 9; level++) {
      const next = level < 8 ? { $ref: `#/components/schemas/L${level + 1}` } : { type: 'string' };
      schemas[`L${level}`] = {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`p${index}`, next])),
      };
    }
    const document = {
      openapi: '3.0.3',
      info: { title: 'Fan', version: '1' },
      paths: {
        '/a': {
          post: {
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } },
            responses: { 200: { description: 'ok' } },
          },
        },
      },
      components: { schemas },
    };
    const dir = scratch();
    writeFileSync(join(dir, 'fan.json'), JSON.stringify(document));
    const dataDir = createDataDir();
    const summary = await importOk(dataDir, [join(dir, 'fan.json')]);
    expect(summary.created).toMatchObject({ endpoints: 1 });
    const exported = join(dir, 'fan.postman.json');
    const exporting = ['export', String(summary.projectId), '--format', 'postman', '--out', exported];
    expect((await client(dataDir, exporting)).code).toBe(0);
    const body = JSON.parse(readFileSync(exported, 'utf8')).item[0].request.body.raw as string;
    // The example stops at 256 KiB of values; whole, it would be some 20 MB.
    expect(body.length).toBeLessThan(300 * 1024);
    expect(JSON.parse(body)).toMatchObject({ p0: { p0: { p0: expect.any(Object) } } });
  });

  it('refuses a $ref that leaves the document folder, with one line, exit 1 and nothing written', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'spec'));
    writeFileSync(join(dir, 'spec', 'shop.yaml'), OPENAPI.replace('schemas.yaml', '../schemas.yaml'));
    writeFileSync(join(dir, 'schemas.yaml'), SCHEMAS);
    const dataDir = createDataDir();
    const result = await client(dataDir, ['import', join(dir, 'spec', 'shop.yaml')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^client: the \$ref to \.\.\/schemas\.yaml leaves the document's folder; only files beside it are read\n$/,
    );
    expect(await projects(dataDir)).toEqual([]);
  });

  it('follows a $ref beside a document fetched from a URL, through a redirect that stays beside it', async () => {
    const documents = await startLocalServer((request, response) => {
      if (request.url === '/spec/schemas.yaml') response.writeHead(302, { location: '/spec/v2/schemas.yaml' }).end();
      else response.end(request.url === '/spec/v2/schemas.yaml' ? SCHEMAS : OPENAPI);
    });
    try {
      const summary = await importOk(createDataDir(), [`${documents.origin}/spec/shop.yaml`]);
      expect(summary).toMatchObject({ projectName: 'Shop', created: { endpoints: 2 } });
    } finally {
      await documents.close();
    }
  });

  describe('refuses a $ref of a document fetched from a URL that reaches another server', () => {
    let other: LocalServer;
    let documents: LocalServer | undefined;
    const otherSaw: string[] = [];
    const SECRET = 'Order: { type: object, example: internal-only-answer }\n';

    beforeAll(async () => {
      other = await startLocalServer((request, response) => {
        otherSaw.push(`${request.method} ${request.url}`);
        response.end(SECRET);
      });
    });
    afterEach(async () => {
      await documents?.close();
      documents = undefined;
    });
    afterAll(() => other.close());

    it('when a $ref beside it answers with a redirect to that server: one line naming both, nothing written', async () => {
      documents = await startLocalServer((request, response) => {
        if (request.url === '/spec/schemas.yaml') response.writeHead(302, { location: `${other.origin}/secret.yaml` });
        response.end(request.url === '/spec/shop.yaml' ? OPENAPI : '');
      });
      const dataDir = createDataDir();
      const result = await client(dataDir, ['import', `${documents.origin}/spec/shop.yaml`]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `client: the $ref to schemas.yaml redirects to ${other.origin}/secret.yaml, outside the document's folder; ` +
          'only references beside it are read\n',
      );
      expect(otherSaw).toEqual([]);
      expect(await projects(dataDir)).toEqual([]);
    });

    it('when the document is at a server root and the $ref names that server outright', async () => {
      const atRoot = OPENAPI.replace('schemas.yaml#/Order', `${other.origin}/secret.yaml#/Order`);
      documents = await startLocalServer((_request, response) => response.end(atRoot));
      const dataDir = createDataDir();
      const result = await client(dataDir, ['import', documents.origin]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `client: the $ref to ${other.origin}/secret.yaml points outside the document; ` +
          'only references beside it are read\n',
      );
      expect(otherSaw).toEqual([]);
      expect(await projects(dataDir)).toEqual([]);
    });
  });

  it('answers unknown formats and bad files with one readable line and exit 1', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'x.json'), '{"hello": 1}');
    writeFileSync(join(dir, 'broken.json'), '{"openapi": "3.0.0", ');
    const dataDir = createDataDir();
    for (const [file, message] of [
      ['x.json', /^client: the format was not recognised/],
      ['broken.json', /^client: .*broken\.json is not valid JSON/],
    ] as const) {
      const result = await client(dataDir, ['import', join(dir, file)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    const wrongFormat = await client(dataDir, ['import', join(dir, 'x.json'), '--format', 'nope']);
    expect(wrongFormat.code).toBe(2);
    expect(await projects(dataDir)).toEqual([]);
  });

  it('merges a re-import on method and path: update, skip or duplicate; a dry run writes nothing', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'shop.yaml'), OPENAPI);
    writeFileSync(join(dir, 'schemas.yaml'), SCHEMAS);
    const dataDir = createDataDir();
    const first = await importOk(dataDir, [join(dir, 'shop.yaml')]);
    const dry = await importOk(dataDir, [
      join(dir, 'shop.yaml'),
      '--project',
      'Shop',
      '--on-match',
      'duplicate',
      '--dry-run',
    ]);
    expect(dry).toMatchObject({ projectId: first.projectId, created: { endpoints: 2 } });
    expect((await projects(dataDir))[0]?.endpointCount).toBe(2);
    const updated = await importOk(dataDir, [join(dir, 'shop.yaml'), '--project', String(first.projectId)]);
    expect(updated).toMatchObject({
      created: { folders: 0, endpoints: 0, environments: 0 },
      updated: { endpoints: 2 },
    });
    const skipped = await importOk(dataDir, [join(dir, 'shop.yaml'), '--project', 'shop', '--on-match', 'skip']);
    expect(skipped.skipped.map((entry) => entry.item).sort()).toEqual(['GET /orders/{{orderId}}', 'POST /orders']);
    await importOk(dataDir, [join(dir, 'shop.yaml'), '--project', 'Shop', '--on-match', 'duplicate']);
    expect(await projects(dataDir)).toMatchObject([{ name: 'Shop', endpointCount: 4 }]);
  });

  it('imports beside a running app, which lists the new project at once', async () => {
    const dir = scratch();
    writeFileSync(
      join(dir, 'echo.postman_collection.json'),
      JSON.stringify({
        info: { name: 'Echo', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}' }] },
        variable: [{ key: 'base', value: 'https://echo.example.com' }],
        item: [
          {
            name: 'Things',
            item: [
              { name: 'List', request: { method: 'GET', url: { raw: '{{base}}/things?page=1' } } },
              {
                name: 'Add',
                request: {
                  method: 'POST',
                  url: '{{base}}/things/:id',
                  body: { mode: 'urlencoded', urlencoded: [{ key: 'a', value: '1' }] },
                  auth: {
                    type: 'basic',
                    basic: [
                      { key: 'username', value: 'u' },
                      { key: 'password', value: '{{pw}}' },
                    ],
                  },
                },
              },
            ],
          },
        ],
      }),
    );
    const app = await startAppProcess();
    const summary = await importOk(app.dataDir, [join(dir, 'echo.postman_collection.json')]);
    const listed = (await app.request('GET', '/agent/projects')).json as { projectId: string; baseUrl: string }[];
    expect(listed).toMatchObject([{ projectId: summary.projectId, baseUrl: 'https://echo.example.com' }]);
    const endpoints = (await app.request('GET', `/agent/endpoints/${summary.projectId}`)).json as Listed[];
    expect(
      endpoints.map(({ method, path, queryParams, auth }) => ({ method, path, queryParams, auth: auth.type })),
    ).toEqual([
      { method: 'GET', path: '/things', queryParams: [{ key: 'page', value: '1' }], auth: 'bearer' },
      { method: 'POST', path: '/things/{{id}}', queryParams: [], auth: 'basic' },
    ]);
  });
});

describe('client backup and restore', () => {
  it('restores every project under new ids; secrets only with the passphrase', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'shop.yaml'), OPENAPI);
    writeFileSync(join(dir, 'schemas.yaml'), SCHEMAS);
    const dataDir = createDataDir();
    const first = await importOk(dataDir, [join(dir, 'shop.yaml')]);
    const plain = join(dir, 'plain.json');
    const sealed = join(dir, 'sealed.json');
    expect((await client(dataDir, ['backup', '--out', plain])).code).toBe(0);
    const withSecrets = await client(dataDir, ['backup', '--out', sealed, '--with-secrets'], 'correct horse battery\n');
    expect(withSecrets.code).toBe(0);
    expect(statSync(sealed).mode & 0o777).toBe(0o600);
    const backup = JSON.parse(readFileSync(plain, 'utf8'));
    expect(backup).toMatchObject({ format: 'client-backup', version: 1, secrets: null });
    const wrong = await client(dataDir, ['restore', sealed, '--with-secrets'], 'not the passphrase\n');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/passphrase does not open/);
    const restored = await client(dataDir, ['restore', sealed, '--with-secrets'], 'correct horse battery\n');
    expect(restored.code).toBe(0);
    const summary = JSON.parse(restored.stdout) as {
      projects: { projectId: string; name: string; endpoints: number }[];
    };
    expect(summary.projects).toHaveLength(1);
    expect(summary.projects[0]?.projectId).not.toBe(first.projectId);
    expect(summary.projects[0]).toMatchObject({ name: 'Shop (restored 2)', endpoints: 2 });
    const listed = await projects(dataDir);
    expect(listed.map((project) => [project.name, project.endpointCount])).toEqual([
      ['Shop', 2],
      ['Shop (restored 2)', 2],
    ]);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ ...backup, projects: [{ ...backup.projects[0], folders: 'x' }] }));
    const damaged = await client(dataDir, ['restore', broken]);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/nothing was restored/);
    expect(await projects(dataDir)).toHaveLength(2);
  });
});

describe('client import of environments, descriptions and scripts', () => {
  const ENVIRONMENT = {
    id: 'f1e2d3c4',
    name: 'Staging',
    _postman_variable_scope: 'environment',
    values: [
      { key: 'base_url', value: 'https://staging.shop.example.com', type: 'default', enabled: true },
      { key: 'apiKey', value: 'staging-secret-4711', type: 'secret', enabled: true },
    ],
  };

  it('imports a Postman environment file into a project, its secret-typed value encrypted on disk', async () => {
    const dir = scratch();
    const file = join(dir, 'Staging.postman_environment.json');
    writeFileSync(file, JSON.stringify(ENVIRONMENT));
    const dataDir = createDataDir();
    const loose = await client(dataDir, ['import', file]);
    expect(loose.code).toBe(1);
    expect(loose.stderr).toMatch(
      /^client: "Staging" is an environment, not a collection: import it into an existing project/,
    );
    expect(loose.stderr.trim().split('\n')).toHaveLength(1);
    expect(await projects(dataDir)).toEqual([]);

    expect((await client(dataDir, ['project', 'create', 'Shop'])).code).toBe(0);
    const summary = await importOk(dataDir, [file, '--project', 'Shop']);
    expect(summary).toMatchObject({ projectName: 'Shop', created: { folders: 0, endpoints: 0, environments: 1 } });
    const app = await startAppProcess({ dataDir });
    const environments = (await app.request('GET', `/agent/environments/${summary.projectId}`)).json;
    expect(environments).toMatchObject([
      {
        name: 'Staging',
        variables: [
          { name: 'base_url', secret: false },
          { name: 'apiKey', secret: true },
        ],
      },
    ]);
    await app.stop();
    for (const name of ['client.db', 'client.db-wal']) {
      const path = join(dataDir, name);
      if (existsSync(path)) expect(readFileSync(path).includes('staging-secret-4711')).toBe(false);
    }
  });

  it('keeps descriptions and Postman scripts through an import, an export and a second import', async () => {
    const dir = scratch();
    const source = join(dir, 'shop.postman_collection.json');
    writeFileSync(
      source,
      JSON.stringify({
        info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item: [
          {
            name: 'Orders',
            description: 'Everything about orders',
            item: [
              {
                name: 'Create order',
                event: [
                  { listen: 'prerequest', script: { exec: ['pm.variables.set("sku", "A1");'] } },
                  { listen: 'test', script: { exec: ['pm.test("created", () => pm.response.to.have.status(201));'] } },
                ],
                request: {
                  method: 'POST',
                  description: 'Creates an order for one item.',
                  url: 'https://shop.example.com/orders',
                  body: { mode: 'raw', raw: '{"sku":"{{sku}}"}', options: { raw: { language: 'json' } } },
                },
              },
            ],
          },
        ],
      }),
    );
    const dataDir = createDataDir();
    const first = await importOk(dataDir, [source]);
    expect(first.warnings).toEqual([
      '2 pre-request or test script(s) imported: they run around their requests as in Postman',
    ]);
    const exported = await client(dataDir, ['export', String(first.projectId), '--format', 'postman']);
    expect(exported.code).toBe(0);
    const collection = JSON.parse(exported.stdout);
    const [folder] = collection.item;
    expect(folder).toMatchObject({ name: 'Orders', description: 'Everything about orders' });
    expect(folder.item[0]).toMatchObject({
      name: 'Create order',
      request: { description: 'Creates an order for one item.' },
      event: [
        { listen: 'prerequest', script: { exec: ['pm.variables.set("sku", "A1");'] } },
        { listen: 'test', script: { exec: ['pm.test("created", () => pm.response.to.have.status(201));'] } },
      ],
    });
    const again = join(dir, 'again.postman_collection.json');
    writeFileSync(again, exported.stdout);
    const second = await importOk(dataDir, [again]);
    const reexported = await client(dataDir, ['export', String(second.projectId), '--format', 'postman']);
    expect(JSON.parse(reexported.stdout).item).toEqual(collection.item);

    const openapi = JSON.parse(
      (await client(dataDir, ['export', String(first.projectId), '--format', 'openapi'])).stdout,
    );
    expect(openapi.paths['/orders'].post).toMatchObject({
      summary: 'Create order',
      description: 'Creates an order for one item.',
      tags: ['Orders'],
    });
    expect(openapi.tags).toEqual([{ name: 'Orders', description: 'Everything about orders' }]);
  });
});

/** Our own small file of each format besides OpenAPI and Postman (which the tests above cover). */
const OWN_FIXTURES: Record<string, string> = {
  'pets.swagger.json': JSON.stringify({
    swagger: '2.0',
    info: { title: 'Pets', version: '1' },
    host: 'pets.example.com',
    basePath: '/v1',
    schemes: ['https'],
    securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    security: [{ key: [] }],
    tags: [{ name: 'pets', description: 'The pets' }],
    paths: {
      '/pets': {
        post: {
          tags: ['pets'],
          summary: 'Add pet',
          consumes: ['application/json'],
          parameters: [
            { in: 'body', name: 'pet', schema: { type: 'object', properties: { name: { example: 'rex' } } } },
          ],
        },
      },
    },
  }),
  'shop.insomnia.json': JSON.stringify({
    _type: 'export',
    __export_format: 4,
    resources: [
      { _id: 'wrk_1', _type: 'workspace', name: 'Insomnia shop' },
      { _id: 'env_1', _type: 'environment', parentId: 'wrk_1', data: { base_url: 'https://insomnia.example.com' } },
      { _id: 'fld_1', _type: 'request_group', parentId: 'wrk_1', name: 'Carts' },
      {
        _id: 'req_1',
        _type: 'request',
        parentId: 'fld_1',
        name: 'Add to cart',
        description: 'Puts one item in the cart',
        method: 'PUT',
        url: '{{ _.base_url }}/carts/1',
        body: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'sku', value: 'A1' }] },
        authentication: { type: 'basic', username: 'me', password: '{{ _.password }}' },
      },
    ],
  }),
  'shop.insomnia-v5.yaml': `type: collection.insomnia.rest/5.0
name: Insomnia five
environments:
  data: { base_url: 'https://five.example.com' }
collection:
  - name: Users
    children:
      - url: '{{ _.base_url }}/users'
        name: List users
        method: GET
        meta: { description: All the users }
`,
  'session.har': JSON.stringify({
    log: {
      creator: { name: 'Firefox' },
      entries: [
        {
          request: { method: 'GET', url: 'https://har.example.com/a?x=1', headers: [{ name: 'Accept', value: '*/*' }] },
        },
        { request: { method: 'GET', url: 'https://har.example.com/a?x=1', headers: [] } },
        {
          request: {
            method: 'POST',
            url: 'https://cdn.example.com/log',
            headers: [{ name: 'Host', value: 'cdn.example.com' }],
            postData: { mimeType: 'application/json', text: '{"e":1}' },
          },
        },
      ],
    },
  }),
};

describe('client import of our own fixtures of every other format', () => {
  const cases: [string, { name: string; folders: number; endpoints: number; check: (list: Listed[]) => void }][] = [
    [
      'pets.swagger.json',
      {
        name: 'Pets',
        folders: 1,
        endpoints: 1,
        check: ([pet]) => {
          expect(pet).toMatchObject({
            method: 'POST',
            path: '/pets',
            body: { mode: 'json' },
            auth: { type: 'apiKey' },
          });
          expect(JSON.parse(pet?.body.text ?? '')).toEqual({ name: 'rex' });
        },
      },
    ],
    [
      'shop.insomnia.json',
      {
        name: 'Insomnia shop',
        folders: 1,
        endpoints: 1,
        check: ([cart]) =>
          expect(cart).toMatchObject({
            method: 'PUT',
            path: '/carts/1',
            body: { mode: 'urlencoded' },
            auth: { type: 'basic' },
          }),
      },
    ],
    [
      'shop.insomnia-v5.yaml',
      {
        name: 'Insomnia five',
        folders: 1,
        endpoints: 1,
        check: ([users]) => expect(users).toMatchObject({ method: 'GET', path: '/users', name: 'List users' }),
      },
    ],
    [
      'session.har',
      {
        name: 'HAR import (Firefox)',
        folders: 2,
        endpoints: 2,
        check: (list) =>
          expect(
            list.map(({ method, baseUrl, path, queryParams, body }) => ({
              method,
              baseUrl,
              path,
              queryParams,
              mode: body.mode,
            })),
          ).toEqual([
            {
              method: 'GET',
              baseUrl: 'https://har.example.com',
              path: '/a',
              queryParams: [{ key: 'x', value: '1' }],
              mode: 'none',
            },
            // Sent to a host of its own: the endpoint keeps its whole URL, listed as that origin and path.
            { method: 'POST', baseUrl: 'https://cdn.example.com', path: '/log', queryParams: [], mode: 'json' },
          ]),
      },
    ],
  ];

  it.each(cases)('imports %s', async (file, expected) => {
    const dir = scratch();
    writeFileSync(join(dir, file), OWN_FIXTURES[file] ?? '');
    const dataDir = createDataDir();
    const summary = await importOk(dataDir, [join(dir, file)]);
    expect(summary).toMatchObject({
      projectName: expected.name,
      created: { folders: expected.folders, endpoints: expected.endpoints },
    });
    const app = await startAppProcess({ dataDir });
    expected.check((await app.request('GET', `/agent/endpoints/${summary.projectId}`)).json as Listed[]);
  });

  it('imports a Bruno folder with its docs and scripts, and exports the scripts to Postman', async () => {
    const dir = join(scratch(), 'catalog');
    mkdirSync(join(dir, 'Products'), { recursive: true });
    mkdirSync(join(dir, 'environments'));
    writeFileSync(join(dir, 'bruno.json'), JSON.stringify({ version: '1', name: 'Catalog', type: 'collection' }));
    writeFileSync(join(dir, 'Products', 'folder.bru'), 'meta {\n  name: Products\n}\n\ndocs {\n  The products\n}\n');
    writeFileSync(
      join(dir, 'Products', 'get product.bru'),
      [
        'meta {\n  name: Get product\n  type: http\n  seq: 1\n}',
        'get {\n  url: https://catalog.example.com/products/:id\n  body: none\n  auth: bearer\n}',
        'params:path {\n  id: 42\n}',
        'auth:bearer {\n  token: {{token}}\n}',
        'script:post-response {\n  bru.setVar("seen", res.body.id);\n}',
        'docs {\n  Returns one product.\n}',
        '',
      ].join('\n\n'),
    );
    writeFileSync(join(dir, 'environments', 'Local.bru'), 'vars {\n  token: local-token\n}\n');
    const dataDir = createDataDir();
    const summary = await importOk(dataDir, [dir]);
    expect(summary).toMatchObject({
      projectName: 'Catalog',
      created: { folders: 1, endpoints: 1, environments: 1 },
      warnings: ['1 request(s), folder(s) or the collection have scripts or tests: they run as in Bruno'],
    });
    const exported = await client(dataDir, ['export', String(summary.projectId), '--format', 'postman']);
    expect(exported.stderr).toMatch(/Get product: its scripts were written for Bruno/);
    const [folder] = JSON.parse(exported.stdout).item;
    expect(folder).toMatchObject({
      name: 'Products',
      description: 'The products',
      item: [
        {
          name: 'Get product',
          request: { method: 'GET', description: 'Returns one product.', auth: { type: 'bearer' } },
          event: [{ listen: 'test', script: { exec: ['bru.setVar("seen", res.body.id);'] } }],
        },
      ],
    });
  });
});
