import { describe, expect, it } from 'vitest';
import { exportOpenApi } from './export-openapi.js';
import { exportPostman } from './export-postman.js';
import type { ImportPlan } from './import-plan.js';
import { planCollection } from './plan-collection.js';
import { snapshotOf } from './plan-snapshot.test-support.js';

const requestsOf = (plan: ImportPlan) =>
  plan.endpoints
    .map(({ folder, draft }) => ({ folder, ...draft }))
    .sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));

const POSTMAN = {
  info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  event: [
    { listen: 'prerequest', script: { exec: ['pm.collectionVariables.set("t", Date.now());'] } },
    {
      listen: 'test',
      script: { exec: ['pm.test("fast", () => pm.expect(pm.response.responseTime).to.be.below(900));'] },
    },
  ],
  variable: [{ key: 'base_url', value: 'https://shop.example.com' }],
  item: [
    {
      name: 'Orders',
      description: 'Order requests',
      event: [
        { listen: 'prerequest', script: { exec: ['  pm.request.headers.add({ key: "X-Folder", value: "1" });', ''] } },
      ],
      item: [
        {
          name: 'Create order',
          event: [
            { listen: 'prerequest', script: { exec: ['pm.variables.set("n", 1);'] } },
            { listen: 'test', script: { exec: ['pm.test("created", () => pm.response.to.have.status(201));'] } },
          ],
          request: {
            method: 'POST',
            description: 'Creates an order.',
            url: '{{base_url}}/orders?dry=true',
            header: [{ key: 'X-Shop', value: 'main' }],
            body: { mode: 'urlencoded', urlencoded: [{ key: 'sku', value: 'A1' }] },
            auth: {
              type: 'apikey',
              apikey: [
                { key: 'key', value: 'X-Key' },
                { key: 'value', value: '{{key}}' },
              ],
            },
          },
        },
      ],
    },
    { name: 'Ping', request: { method: 'GET', url: '{{base_url}}/ping' } },
  ],
};

const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1' },
  servers: [{ url: 'https://shop.example.com' }],
  tags: [{ name: 'Orders', description: 'Order requests' }],
  paths: {
    '/orders/{id}': {
      get: {
        tags: ['Orders'],
        summary: 'Get order',
        description: 'Returns one order.',
        parameters: [
          { name: 'id', in: 'path', required: true, example: '7' },
          { name: 'expand', in: 'query', example: 'lines' },
        ],
      },
    },
    '/orders': {
      post: {
        tags: ['Orders'],
        summary: 'Create order',
        requestBody: { content: { 'application/json': { example: { sku: 'A1' } } } },
      },
    },
  },
};

describe('export, then import again', () => {
  it('gives the same Postman requests back, descriptions and the scripts of every level included', () => {
    const first = planCollection(POSTMAN);
    expect(first.scripts?.preRequest).toBe('pm.collectionVariables.set("t", Date.now());');
    expect(first.folderScripts[0]?.scripts.preRequest).toBe(
      '  pm.request.headers.add({ key: "X-Folder", value: "1" });\n',
    );
    const exported = exportPostman(snapshotOf(first));
    expect(exported.warnings).toEqual([]);
    const second = planCollection(JSON.parse(JSON.stringify(exported.document)));
    expect(requestsOf(second)).toEqual(requestsOf(first));
    expect(second.folderDescriptions).toEqual(first.folderDescriptions);
    expect(second.scripts).toEqual(first.scripts);
    expect(second.folderScripts).toEqual(first.folderScripts);
    expect(second.warnings).toEqual(first.warnings);
  });

  it('gives assertion rows back through Postman, switched-off rows included, as a test script newman runs', () => {
    const first = planCollection(POSTMAN);
    const snapshot = snapshotOf(first);
    const [create] = snapshot.endpoints;
    if (create === undefined) throw new Error('the fixture has an endpoint');
    create.tests = [
      { source: 'status', property: '', operator: 'eq', value: '201' },
      { source: 'header', property: 'Content-Type', operator: 'contains', value: 'json' },
      { source: 'jsonpath', property: '$.lines[*].sku', operator: 'contains', value: 'A1', enabled: false },
    ];
    const exported = exportPostman(snapshot);
    const text = JSON.stringify(exported.document);
    expect(text).toContain('"name":"Client assertions"');
    expect(text).toContain('pm.test(name');
    const second = planCollection(JSON.parse(text));
    const created = second.endpoints.find(({ draft }) => draft.name === 'Create order')?.draft;
    expect(created?.tests).toEqual(create.tests);
    expect(created?.scripts).toEqual(create.scripts);
    expect(requestsOf(second).map(({ tests: _t, ...rest }) => rest)).toEqual(requestsOf(first));
  });

  it("writes a URL's parts beside its raw text, as newman sends only what the parts say", () => {
    const snapshot = snapshotOf(planCollection(POSTMAN));
    const [create] = snapshot.endpoints;
    if (create === undefined) throw new Error('the fixture has an endpoint');
    const urlOf = (path: string) => {
      create.path = path;
      const item = (exportPostman(snapshot).document.item as { item: { request: { url: unknown } }[] }[])[0];
      return item?.item[0]?.request.url;
    };
    expect(urlOf('/orders/{{id}}/lines')).toMatchObject({
      raw: '{{base_url}}/orders/{{id}}/lines?dry=true',
      host: ['{{base_url}}'],
      path: ['orders', '{{id}}', 'lines'],
    });
    expect(urlOf('https://api.example.com:8443/v1/x')).toMatchObject({
      protocol: 'https',
      host: ['api', 'example', 'com'],
      port: '8443',
      path: ['v1', 'x'],
    });
  });

  it('keeps an assertions script edited in Postman as the script it now is', () => {
    const snapshot = snapshotOf(planCollection(POSTMAN));
    const [create] = snapshot.endpoints;
    if (create === undefined) throw new Error('the fixture has an endpoint');
    create.tests = [{ source: 'status', property: '', operator: 'eq', value: '201' }];
    create.scripts = undefined;
    const document = JSON.parse(JSON.stringify(exportPostman(snapshot).document));
    const item = document.item[0].item[0];
    item.event[0].script.exec.push('console.log("edited");');
    const again = planCollection(document).endpoints.find(({ draft }) => draft.name === 'Create order')?.draft;
    expect(again?.tests).toBeUndefined();
    expect(again?.scripts?.tests).toContain('console.log("edited");');
  });

  it('keeps switched-off rows switched off through a Postman import, export and import again', () => {
    const collection = {
      info: { name: 'Off', schema: POSTMAN.info.schema },
      variable: [
        { key: 'base_url', value: 'https://off.example.com' },
        { key: 'old', value: 'x', disabled: true },
      ],
      item: [
        {
          name: 'Search',
          request: {
            method: 'POST',
            url: {
              raw: '{{base_url}}/search?q=a',
              query: [
                { key: 'q', value: 'a' },
                { key: 'debug', value: '1', disabled: true },
              ],
            },
            header: [{ key: 'X-Off', value: '1', disabled: true }],
            body: {
              mode: 'formdata',
              formdata: [
                { key: 'note', value: 'n', type: 'text' },
                { key: 'file', src: '/tmp/a', type: 'file', disabled: true },
              ],
            },
          },
        },
      ],
    };
    const first = planCollection(collection);
    expect(first.variables).toEqual([{ key: 'old', value: 'x', enabled: false }]);
    expect(first.endpoints[0]?.draft).toMatchObject({
      queryParams: [
        { key: 'q', value: 'a' },
        { key: 'debug', value: '1', enabled: false },
      ],
      headers: [{ key: 'X-Off', value: '1', enabled: false }],
      body: {
        mode: 'multipart',
        parts: [
          { name: 'note', value: 'n' },
          { name: 'file', file: '/tmp/a', enabled: false },
        ],
      },
    });
    const exported = exportPostman(snapshotOf(first));
    const text = JSON.stringify(exported.document);
    expect(text).toContain('"raw":"{{base_url}}/search?q=a","host":["{{base_url}}"],"path":["search"]');
    expect(text).toContain('{"key":"debug","value":"1","disabled":true}');
    const second = planCollection(JSON.parse(text));
    expect(requestsOf(second)).toEqual(requestsOf(first));
    expect(second.variables).toEqual(first.variables);
  });

  it('gives the same OpenAPI operations back, descriptions included', () => {
    const first = planCollection(OPENAPI);
    const exported = exportOpenApi(snapshotOf(first));
    const second = planCollection(JSON.parse(JSON.stringify(exported.document)));
    expect(second.baseUrl).toBe(first.baseUrl);
    expect(second.folderDescriptions).toEqual(first.folderDescriptions);
    expect(requestsOf(second)).toEqual(requestsOf(first));
  });

  it('says what an OpenAPI export leaves out: scripts and assertion rows', () => {
    const snapshot = snapshotOf(planCollection(POSTMAN));
    const [create] = snapshot.endpoints;
    if (create === undefined) throw new Error('the fixture has an endpoint');
    create.tests = [{ source: 'status', property: '', operator: 'eq', value: '201' }];
    expect(exportOpenApi(snapshot).warnings).toEqual([
      'scripts and assertion rows (of 3 endpoint(s), folder(s) or the project) have no place in OpenAPI and were left out; export as Postman v2.1 to keep them',
    ]);
    expect(exportOpenApi(snapshotOf(planCollection(OPENAPI))).warnings).toEqual([]);
  });

  it('exports Bruno scripts to Postman with a warning that they need rewriting', () => {
    const snapshot = snapshotOf(planCollection(POSTMAN));
    const [create] = snapshot.endpoints;
    if (create === undefined) throw new Error('the fixture has an endpoint');
    create.scripts = {
      from: 'bruno',
      preRequest: '',
      postResponse: 'bru.setVar("a", 1);',
      tests: 'test("t", () => {});',
    };
    const { document, warnings } = exportPostman(snapshot);
    expect(warnings).toEqual([
      'Create order: its scripts were written for Bruno (bru.*, res.*) and need rewriting to run in Postman',
    ]);
    expect(JSON.stringify(document)).toContain(
      '"listen":"test","script":{"type":"text/javascript","exec":["bru.setVar(\\"a\\", 1);","","test(\\"t\\", () => {});"]}',
    );
  });
});
