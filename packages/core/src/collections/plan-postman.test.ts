import { describe, expect, it } from 'vitest';
import { planCollection } from './plan-collection.js';
import { planPostman } from './plan-postman.js';

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

const collection = {
  info: { name: 'Shop', description: { content: 'The shop API', type: 'text/markdown' }, schema: SCHEMA },
  event: [{ listen: 'prerequest', script: { exec: ['console.log("collection")'] } }],
  variable: [{ key: 'base_url', value: 'https://shop.example.com' }],
  auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}' }] },
  item: [
    {
      name: 'Orders',
      description: 'Everything about orders',
      event: [{ listen: 'test', script: { exec: ['pm.test("json", () => pm.response.to.be.json);'] } }],
      item: [
        {
          name: 'Create order',
          event: [
            { listen: 'prerequest', script: { exec: ['pm.variables.set("n", 1);', 'console.log(1);'] } },
            { listen: 'test', script: { exec: 'pm.test("ok", () => pm.response.to.have.status(201));' } },
            { listen: 'test', disabled: true, script: { exec: ['never();'] } },
          ],
          request: {
            method: 'POST',
            description: 'Creates an order for **one** item.',
            url: { raw: '{{base_url}}/orders/:shop', variable: [{ key: 'shop', value: 'main' }] },
            body: { mode: 'raw', raw: '{"sku":"A1"}', options: { raw: { language: 'json' } } },
            auth: {
              type: 'basic',
              basic: [
                { key: 'username', value: 'u' },
                { key: 'password', value: 'p' },
              ],
            },
          },
        },
      ],
    },
    { name: 'Ping', description: 'Answers pong (v2.0 style)', request: '{{base_url}}/ping' },
  ],
};

describe('planPostman', () => {
  it('keeps folders, descriptions, auth at every level and path variables', () => {
    const plan = planCollection(collection);
    expect(plan).toMatchObject({
      format: 'postman',
      kind: 'collection',
      name: 'Shop',
      description: 'The shop API',
      baseUrl: 'https://shop.example.com',
      variables: [{ key: 'shop', value: 'main' }],
      folders: [['Orders']],
      folderDescriptions: [{ path: ['Orders'], description: 'Everything about orders' }],
    });
    const [create, ping] = plan.endpoints;
    expect(create).toMatchObject({
      folder: ['Orders'],
      draft: {
        name: 'Create order',
        method: 'POST',
        path: '/orders/{{shop}}',
        body: { mode: 'json', text: '{"sku":"A1"}' },
        auth: { type: 'basic', username: 'u', password: 'p' },
        description: 'Creates an order for **one** item.',
      },
    });
    expect(ping?.draft).toMatchObject({
      name: 'Ping',
      path: '/ping',
      auth: { type: 'bearer', token: '{{token}}' },
      description: 'Answers pong (v2.0 style)',
    });
    expect(ping?.draft.scripts).toBeUndefined();
  });

  it('imports the scripts of the collection, its folders and its requests, exactly, and says they run', () => {
    const plan = planCollection(collection);
    expect(plan.endpoints[0]?.draft.scripts).toEqual({
      from: 'postman',
      preRequest: 'pm.variables.set("n", 1);\nconsole.log(1);',
      postResponse: '',
      tests: 'pm.test("ok", () => pm.response.to.have.status(201));',
    });
    expect(plan.scripts).toEqual({
      from: 'postman',
      preRequest: 'console.log("collection")',
      postResponse: '',
      tests: '',
    });
    expect(plan.folderScripts).toEqual([
      {
        path: ['Orders'],
        scripts: {
          from: 'postman',
          preRequest: '',
          postResponse: '',
          tests: 'pm.test("json", () => pm.response.to.be.json);',
        },
      },
    ]);
    expect(plan.warnings).toEqual([
      '4 pre-request or test script(s) imported: they run around their requests as in Postman',
    ]);
  });

  it('reads every body mode', () => {
    const request = (body: unknown) => ({
      info: { name: 'B', schema: SCHEMA },
      item: [{ name: 'r', request: { method: 'POST', url: 'https://b.example.com/x', body } }],
    });
    const bodyOf = (body: unknown) => planCollection(request(body)).endpoints[0]?.draft.body;
    expect(bodyOf({ mode: 'raw', raw: 'hello' })).toEqual({ mode: 'text', text: 'hello' });
    expect(
      bodyOf({
        mode: 'urlencoded',
        urlencoded: [
          { key: 'a', value: '1' },
          { key: 'off', disabled: true },
        ],
      }),
    ).toEqual({
      mode: 'urlencoded',
      fields: [
        { key: 'a', value: '1' },
        { key: 'off', value: '', enabled: false },
      ],
    });
    expect(
      bodyOf({
        mode: 'formdata',
        formdata: [
          { key: 'f', type: 'file', src: ['/tmp/a.png'] },
          { key: 't', type: 'text', value: 'v' },
        ],
      }),
    ).toEqual({
      mode: 'multipart',
      parts: [
        { name: 'f', file: '/tmp/a.png' },
        { name: 't', value: 'v' },
      ],
    });
    expect(bodyOf({ mode: 'file', file: { src: '/tmp/b.bin' } })).toEqual({ mode: 'file', path: '/tmp/b.bin' });
    expect(bodyOf({ mode: 'graphql', graphql: { query: '{ a }', variables: '{"x":1}' } })).toEqual({
      mode: 'graphql',
      query: '{ a }',
      variables: '{"x":1}',
    });
  });
});

describe('planPostmanEnvironment', () => {
  const environment = {
    id: 'e1',
    name: 'Staging',
    _postman_variable_scope: 'environment',
    values: [
      { key: 'base_url', value: 'https://staging.example.com', type: 'default', enabled: true },
      { key: 'apiKey', value: 's3cret', type: 'secret', enabled: true },
      { key: 'old', value: 'x', enabled: false },
    ],
  };

  it('is detected as Postman and planned as one environment, secret-typed values secret', () => {
    const plan = planCollection(environment);
    expect(plan).toMatchObject({
      format: 'postman',
      kind: 'environment',
      name: 'Staging',
      endpoints: [],
      folders: [],
      environments: [
        {
          name: 'Staging',
          variables: [
            { key: 'base_url', value: 'https://staging.example.com', secret: false },
            { key: 'apiKey', value: 's3cret', secret: true },
            { key: 'old', enabled: false },
          ],
        },
      ],
      skipped: [],
    });
  });

  it('reads a globals export and one without the scope mark', () => {
    const globals = { ...environment, name: 'Globals', _postman_variable_scope: 'globals' };
    expect(planCollection(globals).environments[0]?.name).toBe('Globals');
    const { _postman_variable_scope: _scope, ...unmarked } = environment;
    expect(planCollection(unmarked).kind).toBe('environment');
  });
});

describe('planPostman names', () => {
  it('names a request that has neither a name nor a path to name it after', () => {
    const plan = planCollection({
      info: { name: 'Odd', schema: SCHEMA },
      item: [{ name: [], request: '[' }],
    });
    expect(plan.endpoints.map(({ draft }) => draft.name)).toEqual(['Untitled']);
  });
});

const attributes = (values: Record<string, string>) =>
  Object.entries(values).map(([key, value]) => ({ key, value, type: 'string' }));

describe('planPostman auth', () => {
  it('imports AWS Signature v4 and the authorization code grant, and requests take their folder’s auth', () => {
    const plan = planPostman({
      info: { name: 'Cloud', schema: SCHEMA },
      auth: {
        type: 'awsv4',
        awsv4: attributes({ accessKey: '{{key}}', secretKey: '{{secret}}', region: 'eu-west-1', service: 's3' }),
      },
      item: [
        { name: 'List buckets', request: { method: 'GET', url: 'https://s3.amazonaws.com/' } },
        {
          name: 'Account',
          auth: {
            type: 'oauth2',
            oauth2: attributes({
              grant_type: 'authorization_code_with_pkce',
              authUrl: 'https://id.example.com/authorize',
              accessTokenUrl: 'https://id.example.com/token',
              clientId: 'app',
              scope: 'openid',
            }),
          },
          item: [{ name: 'Me', request: { method: 'GET', url: 'https://api.example.com/me' } }],
        },
      ],
    });
    expect(plan.endpoints.map((endpoint) => endpoint.draft.auth)).toEqual([
      {
        type: 'awsSigV4',
        accessKeyId: '{{key}}',
        secretAccessKey: '{{secret}}',
        sessionToken: '',
        region: 'eu-west-1',
        service: 's3',
      },
      {
        type: 'oauth2',
        grant: 'authorizationCode',
        authorizationUrl: 'https://id.example.com/authorize',
        tokenUrl: 'https://id.example.com/token',
        clientId: 'app',
        clientSecret: '',
        scope: 'openid',
      },
    ]);
    expect(plan.warnings).toEqual([]);
  });

  it('reads an OAuth 2.0 block without a grant as Postman’s default authorization code grant, and a v2.0 grantType', () => {
    const urls = { authUrl: 'https://id.example.com/authorize', accessTokenUrl: 'https://id.example.com/token' };
    const request = (name: string, oauth2: unknown) => ({
      name,
      request: { method: 'GET', url: 'https://api.example.com/me', auth: { type: 'oauth2', oauth2 } },
    });
    const plan = planPostman({
      info: { name: 'Grants', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
      item: [
        request('Default grant', attributes({ ...urls, clientId: 'app', scope: 'openid', addTokenTo: 'header' })),
        request('v2.0 object', { ...urls, clientId: 'app', grantType: 'authorization_code', scope: 'openid' }),
        request('Password', attributes({ ...urls, grant_type: 'password_credentials', accessToken: 't' })),
      ],
    });
    const code = {
      type: 'oauth2',
      grant: 'authorizationCode',
      authorizationUrl: 'https://id.example.com/authorize',
      tokenUrl: 'https://id.example.com/token',
      clientId: 'app',
      clientSecret: '',
      scope: 'openid',
    };
    expect(plan.endpoints.map((endpoint) => endpoint.draft.auth)).toEqual([code, code, { type: 'bearer', token: 't' }]);
    expect(plan.warnings).toEqual([
      'Password: OAuth 2.0 password_credentials flow is sent as a bearer token; fetch the token yourself',
    ]);
  });
});

describe('planPostman bodies', () => {
  it('leaves out the body of a GET, unless the request disables body pruning, and an empty form, as Postman does', () => {
    const form = { mode: 'formdata', formdata: [{ key: 'code', value: 'x', type: 'text' }] };
    const plan = planPostman({
      info: { name: 'Echo', schema: SCHEMA },
      item: [
        { name: 'Get', request: { method: 'GET', url: 'https://echo.example.com/get', body: form } },
        {
          name: 'Kept',
          protocolProfileBehavior: { disableBodyPruning: true },
          request: { method: 'GET', url: 'https://echo.example.com/get', body: { mode: 'raw', raw: 'x' } },
        },
        { name: 'Post', request: { method: 'POST', url: 'https://echo.example.com/post', body: form } },
        {
          name: 'Empty form',
          protocolProfileBehavior: { disableBodyPruning: true },
          request: { method: 'GET', url: 'https://echo.example.com/get', body: { mode: 'formdata', formdata: [] } },
        },
        {
          name: 'Empty fields',
          request: {
            method: 'POST',
            url: 'https://echo.example.com/post',
            body: { mode: 'urlencoded', urlencoded: [] },
          },
        },
      ],
    });
    expect(plan.endpoints.map((endpoint) => endpoint.draft.body.mode)).toEqual([
      'none',
      'text',
      'multipart',
      'none',
      'none',
    ]);
    expect(plan.warnings).toContain(
      '1 GET, HEAD, COPY, PURGE or UNLOCK request(s) had a body, left out as Postman leaves it out when it sends them',
    );
  });

  it('reads a raw body with no language as text, as Postman sends it, unless the request’s Content-Type says JSON', () => {
    const raw = (text: string, header: unknown[] = [], options?: unknown) => ({
      name: 'r',
      request: {
        method: 'POST',
        url: 'https://echo.example.com/post',
        header,
        body: { mode: 'raw', raw: text, ...(options === undefined ? {} : { options }) },
      },
    });
    const plan = planPostman({
      info: { name: 'Raw', schema: SCHEMA },
      item: [
        raw('{not json, a template {{x}}'),
        raw('[1, 2]'),
        raw('{"a":1}', [{ key: 'Content-Type', value: 'application/json; charset=utf-8' }]),
        raw('{"a":1}', [{ key: 'Content-Type', value: 'application/json', disabled: true }]),
        raw('<a/>', [], { raw: { language: 'xml' } }),
        raw('{"a":1}', [], { raw: { language: 'json' } }),
      ],
    });
    expect(plan.endpoints.map((endpoint) => endpoint.draft.body.mode)).toEqual([
      'text',
      'text',
      'json',
      'text',
      'text',
      'json',
    ]);
  });
});

describe('planPostman URLs', () => {
  it('skips, with its reason, a request whose path starts with a variable right after the origin, and keeps the rest', () => {
    const plan = planPostman({
      info: { name: 'Paths', schema: SCHEMA },
      variable: [{ key: 'base_url', value: 'https://api.example.com' }],
      item: [
        { name: 'Glued', request: { method: 'GET', url: '{{base_url}}{{path}}' } },
        { name: 'Kept', request: { method: 'GET', url: '{{base_url}}/{{path}}' } },
      ],
    });
    expect(plan.endpoints.map((endpoint) => endpoint.draft.path)).toEqual(['/{{path}}']);
    expect(plan.skipped).toEqual([
      {
        item: 'GET Glued',
        reason: 'its URL puts {{path}} right after {{base_url}}; write {{base_url}}/… for Client to keep it',
      },
    ]);
  });
});
