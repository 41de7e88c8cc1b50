import { type EndpointContract, type EndpointExample, planCollection } from '@client/core';
import { describe, expect, it } from 'vitest';
import { applyImportPlan } from './apply-import-plan.js';
import { readBackup, restoreBackup } from './backup.js';
import { duplicateEndpoint, duplicateFolder } from './duplicate.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

const examples: EndpointExample[] = [
  { name: '200 OK', status: 200, headers: [{ key: 'Content-Type', value: 'application/json' }], body: '{"id":1}' },
  {
    name: 'Slow failure',
    status: 404,
    headers: [{ key: 'X-Off', value: '1', enabled: false }],
    body: 'gone',
    mockStatus: 503,
    delay: { minMs: 100, maxMs: 300 },
  },
];
const contract: EndpointContract = {
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
  requestBody: { required: true, content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Pet' } }] },
  responses: [
    {
      status: '200',
      description: 'OK',
      headers: [],
      content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Pet' } }],
    },
    { status: 'default', headers: [{ name: 'X-Trace', required: false }], content: [] },
  ],
  defs: { Pet: { type: 'object', properties: { id: { type: 'integer' }, next: { $ref: '#/$defs/Pet' } } } },
};

function project() {
  const store = temp.open();
  const { id } = store.projects.create({ name: 'Shop' });
  return { store, projectId: id };
}

describe("an endpoint's examples and contract", () => {
  it('are kept as created and read back after reopening', () => {
    const { store, projectId } = project();
    const created = store.endpoints.create(projectId, null, { name: 'Pet', path: '/pets/{{id}}', examples, contract });
    expect(created).toMatchObject({ examples, contract });
    store.close();
    expect(temp.open().endpoints.get(created.id)).toMatchObject({ examples, contract });
  });

  it('stay when an update leaves them out, change when it names them, and go with null (examples also with [])', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, { name: 'Pet', examples, contract });
    expect(store.endpoints.update(id, { name: 'Pets' })).toMatchObject({ examples, contract });
    const fewer = store.endpoints.update(id, {
      examples: examples.slice(1),
      contract: { ...contract, parameters: [] },
    });
    expect(fewer.examples).toEqual(examples.slice(1));
    expect(fewer.contract?.parameters).toEqual([]);
    const cleared = store.endpoints.update(id, { examples: null as unknown as EndpointExample[], contract: null });
    expect(cleared.examples).toBeUndefined();
    expect(cleared.contract).toBeUndefined();
    expect(store.endpoints.get(id)).not.toHaveProperty('examples');
    expect(store.endpoints.get(id)).not.toHaveProperty('contract');
    store.endpoints.update(id, { examples });
    expect(store.endpoints.update(id, { examples: [] }).examples).toBeUndefined();
  });

  it('are refused, naming the example, when one is wrong, and nothing is written', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, { name: 'Pet', examples });
    const twice = [...examples, { ...examples[0], status: 201 } as EndpointExample];
    expect(() => store.endpoints.update(id, { examples: twice })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('examples[2].name "200 OK"') }),
    );
    expect(() =>
      store.endpoints.update(id, {
        contract: { ...contract, responses: [{ status: '700' }] } as unknown as EndpointContract,
      }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    expect(store.endpoints.get(id)).toMatchObject({ examples });
    expect(store.endpoints.get(id)?.contract).toBeUndefined();
  });

  it('leave the listings agents read as they were', () => {
    const { store, projectId } = project();
    const plain = store.endpoints.create(projectId, null, { name: 'Pet', path: '/pets' });
    const rich = store.endpoints.create(projectId, null, { name: 'Pet', path: '/pets', examples, contract });
    const listings = store.endpoints.listings(projectId, 'https://api.example.com');
    const [first, second] = listings.map(({ endpointId: _e, createdAt: _c, ...rest }) => rest);
    expect(second).toEqual(first);
    expect(listings.map((listing) => listing.endpointId)).toEqual([plain.id, rich.id]);
    expect(JSON.parse(store.endpoints.listingsJson(projectId, 'https://api.example.com').toString('utf8'))).toEqual(
      listings,
    );
  });

  it('go with the endpoint into a backup and come back on restore', () => {
    const { store, projectId } = project();
    const folder = store.folders.create({ projectId, name: 'Pets' });
    store.endpoints.create(projectId, folder.id, { name: 'Pet', examples, contract });
    const backup = JSON.parse(JSON.stringify(readBackup(store)));
    const restored = restoreBackup(store, backup, () => undefined).projects[0]?.projectId ?? '';
    expect(store.endpoints.list(restored)[0]).toMatchObject({ name: 'Pet', examples, contract });
  });

  it('go with the endpoint into its copy and into the copy of its folder', () => {
    const { store, projectId } = project();
    const folder = store.folders.create({ projectId, name: 'Pets' });
    const original = store.endpoints.create(projectId, folder.id, { name: 'Pet', examples, contract });
    expect(duplicateEndpoint(store, original.id)).toMatchObject({ name: 'Pet copy', examples, contract });
    const copied = duplicateFolder(store, folder.id);
    const inCopy = store.endpoints.list(projectId).filter((endpoint) => endpoint.folderId === copied.id);
    expect(inCopy.map(({ name, examples: kept, contract: same }) => ({ name, kept, same }))).toEqual([
      { name: 'Pet', kept: examples, same: contract },
      { name: 'Pet copy', kept: examples, same: contract },
    ]);
  });

  it('are written by an import, and replaced by a later import of the same endpoints', () => {
    const document = (example: unknown) => ({
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1' },
      servers: [{ url: 'https://pets.example.com' }],
      paths: {
        '/pets': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'array', nullable: true }, example } },
              },
            },
          },
        },
      },
    });
    const store = temp.open();
    const first = applyImportPlan(store, planCollection(document([{ id: 1 }])));
    const projectId = first.projectId ?? '';
    const [imported] = store.endpoints.list(projectId);
    expect(imported?.examples).toEqual([
      {
        name: '200 OK',
        status: 200,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '[\n  {\n    "id": 1\n  }\n]',
      },
    ]);
    expect(imported?.contract?.responses[0]?.content[0]?.schema).toEqual({ type: ['array', 'null'] });
    applyImportPlan(store, planCollection(document([])), { projectId });
    expect(store.endpoints.list(projectId).map((endpoint) => endpoint.examples?.[0]?.body)).toEqual(['[]']);
  });
});
