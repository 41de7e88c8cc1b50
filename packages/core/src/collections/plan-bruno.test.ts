import { describe, expect, it } from 'vitest';
import { planBruno } from './plan-bruno.js';

/** A collection as `@usebruno/lang` parses its files. */
const collection = {
  config: { name: 'Catalog', version: '1', type: 'collection' },
  root: {
    auth: { mode: 'bearer', bearer: { token: '{{token}}' } },
    vars: { req: [{ name: 'base', value: 'x' }] },
    script: { req: 'bru.setVar("ts", Date.now());' },
  },
  folders: [
    {
      path: ['Products'],
      data: {
        meta: { name: 'Products' },
        docs: 'Products and their **prices**',
        tests: 'test("fast", () => expect(res.responseTime).to.be.below(500));',
      },
    },
  ],
  requests: [
    {
      path: ['Products'],
      file: 'get product.bru',
      data: {
        meta: { name: 'Get product', type: 'http', seq: '1' },
        http: { method: 'get', url: 'https://api.example.com/products/:id', body: 'none', auth: 'inherit' },
        params: [{ name: 'id', value: '42', type: 'path' }],
        script: { req: 'req.setHeader("A", "b");', res: 'bru.setVar("id", res.body.id);' },
        tests: 'test("ok", () => expect(res.status).to.equal(200));',
        docs: 'Returns one product.',
        assertions: [
          { name: 'res.status', value: 'eq 200', enabled: true },
          { name: 'res.status', value: 'in 200,201', enabled: true },
        ],
      },
    },
    {
      path: [],
      file: 'create.bru',
      data: {
        meta: { name: 'Create', type: 'http' },
        http: { method: 'post', url: 'https://api.example.com/products', body: 'json', auth: 'none' },
        body: { json: '{"name":"chair"}' },
      },
    },
  ],
  environments: [
    { name: 'Local', data: { variables: [{ name: 'token', value: 't0k', enabled: true, secret: true }] } },
  ],
  failures: [{ file: 'broken.bru', reason: 'it could not be read as a .bru file' }],
};

describe('planBruno', () => {
  it('keeps rows written with a ~ switched off: query params, headers, form fields, variables', () => {
    const plan = planBruno({
      ...collection,
      root: { vars: { req: [{ name: 'old', value: 'x', enabled: false }] } },
      folders: [],
      requests: [
        {
          path: [],
          file: 'search.bru',
          data: {
            meta: { name: 'Search', type: 'http' },
            http: { method: 'post', url: 'https://api.example.com/search?q=a', body: 'formUrlEncoded', auth: 'none' },
            params: [
              { name: 'q', value: 'a', enabled: true, type: 'query' },
              { name: 'debug', value: '1', enabled: false, type: 'query' },
            ],
            headers: [{ name: 'X-Off', value: '1', enabled: false }],
            body: { formUrlEncoded: [{ name: 'hidden', value: 'h', enabled: false }] },
          },
        },
      ],
      environments: [{ name: 'Local', data: { variables: [{ name: 'user', value: 'ann', enabled: false }] } }],
      failures: [],
    });
    expect(plan.variables).toEqual([{ key: 'old', value: 'x', enabled: false }]);
    expect(plan.environments[0]?.variables).toEqual([{ key: 'user', value: 'ann', secret: false, enabled: false }]);
    expect(plan.endpoints[0]?.draft).toMatchObject({
      queryParams: [
        { key: 'q', value: 'a' },
        { key: 'debug', value: '1', enabled: false },
      ],
      headers: [{ key: 'X-Off', value: '1', enabled: false }],
      body: { mode: 'urlencoded', fields: [{ key: 'hidden', value: 'h', enabled: false }] },
    });
  });

  it('imports docs as descriptions, asserts as rows, and the scripts of requests, folders and the collection', () => {
    const plan = planBruno(collection);
    expect(plan).toMatchObject({
      format: 'bruno',
      name: 'Catalog',
      baseUrl: 'https://api.example.com',
      folders: [['Products']],
      folderDescriptions: [{ path: ['Products'], description: 'Products and their **prices**' }],
      variables: [
        { key: 'base', value: 'x' },
        { key: 'id', value: '42' },
      ],
      environments: [{ name: 'Local', variables: [{ key: 'token', value: 't0k', secret: true }] }],
      skipped: [{ item: 'broken.bru', reason: 'it could not be read as a .bru file' }],
      scripts: { from: 'bruno', preRequest: 'bru.setVar("ts", Date.now());', postResponse: '', tests: '' },
      folderScripts: [
        {
          path: ['Products'],
          scripts: {
            from: 'bruno',
            preRequest: '',
            postResponse: '',
            tests: 'test("fast", () => expect(res.responseTime).to.be.below(500));',
          },
        },
      ],
      warnings: [
        '3 request(s), folder(s) or the collection have scripts or tests: they run as in Bruno',
        "1 assert(s) that assertion rows cannot express (such as in, between or startsWith) became test lines in their requests' tests script",
      ],
    });
    const [get, create] = plan.endpoints;
    expect(get?.draft).toMatchObject({
      name: 'Get product',
      method: 'GET',
      path: '/products/{{id}}',
      auth: { type: 'bearer', token: '{{token}}' },
      description: 'Returns one product.',
      scripts: {
        from: 'bruno',
        preRequest: 'req.setHeader("A", "b");',
        postResponse: 'bru.setVar("id", res.body.id);',
        tests:
          'test("ok", () => expect(res.status).to.equal(200));\n' +
          'test("res.status: in 200,201", function () { expect(res.status).to.be.oneOf([200, 201]); });',
      },
      tests: [{ source: 'status', property: '', operator: 'eq', value: '200' }],
    });
    expect(create?.draft).toMatchObject({ body: { mode: 'json', text: '{"name":"chair"}' }, auth: { type: 'none' } });
    expect(create?.draft.scripts).toBeUndefined();
    expect(create?.draft.tests).toBeUndefined();
    expect(create?.draft.description).toBeUndefined();
  });
});

describe('planBruno OAuth 2.0', () => {
  it('imports the authorization code grant with its URLs and scope', () => {
    const plan = planBruno({
      ...collection,
      root: {
        // As `@usebruno/lang` parses an `auth:oauth2` block with `grant_type: authorization_code`.
        auth: {
          mode: 'oauth2',
          oauth2: {
            grantType: 'authorization_code',
            callbackUrl: 'http://localhost:8080/callback',
            authorizationUrl: 'https://id.example.com/authorize',
            accessTokenUrl: 'https://id.example.com/token',
            refreshTokenUrl: '',
            clientId: '{{client_id}}',
            clientSecret: '{{client_secret}}',
            scope: 'catalog.read',
            state: '',
            pkce: true,
          },
        },
      },
    });
    expect(plan.endpoints[0]?.draft.auth).toEqual({
      type: 'oauth2',
      grant: 'authorizationCode',
      authorizationUrl: 'https://id.example.com/authorize',
      tokenUrl: 'https://id.example.com/token',
      clientId: '{{client_id}}',
      clientSecret: '{{client_secret}}',
      scope: 'catalog.read',
    });
    expect(plan.warnings.filter((warning) => warning.includes('OAuth'))).toEqual([]);
  });
});
