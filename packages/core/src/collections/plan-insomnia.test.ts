import { describe, expect, it } from 'vitest';
import { planCollection } from './plan-collection.js';

describe('planInsomnia', () => {
  it('reads a v4 export: workspace, described folders and requests, environments, auth inherited', () => {
    const plan = planCollection({
      _type: 'export',
      __export_format: 4,
      resources: [
        { _id: 'wrk', _type: 'workspace', name: 'Shop', description: 'The shop' },
        {
          _id: 'env',
          _type: 'environment',
          parentId: 'wrk',
          name: 'Base',
          data: { base_url: 'https://shop.example.com' },
        },
        {
          _id: 'env2',
          _type: 'environment',
          parentId: 'env',
          name: 'Staging',
          data: { base_url: 'https://st.example.com' },
        },
        {
          _id: 'fld',
          _type: 'request_group',
          parentId: 'wrk',
          name: 'Orders',
          description: 'Order requests',
          authentication: { type: 'bearer', token: '{{ _.token }}' },
        },
        {
          _id: 'req',
          _type: 'request',
          parentId: 'fld',
          name: 'List orders',
          description: 'Lists **all** orders',
          method: 'GET',
          url: '{{ _.base_url }}/orders',
          parameters: [
            { name: 'page', value: '1' },
            { name: 'off', value: 'x', disabled: true },
          ],
          body: {},
        },
        { _id: 'ws', _type: 'websocket_request', parentId: 'wrk', name: 'Live' },
      ],
    });
    expect(plan).toMatchObject({
      format: 'insomnia',
      name: 'Shop',
      description: 'The shop',
      baseUrl: 'https://shop.example.com',
      folders: [['Orders']],
      folderDescriptions: [{ path: ['Orders'], description: 'Order requests' }],
      environments: [
        { name: 'Staging', variables: [{ key: 'base_url', value: 'https://st.example.com', secret: false }] },
      ],
      // A WebSocket request is imported like any, so one without a URL is left out like any.
      skipped: [{ item: 'Live', reason: 'it has no URL' }],
    });
    expect(plan.endpoints[0]?.draft).toMatchObject({
      name: 'List orders',
      path: '/orders',
      queryParams: [
        { key: 'page', value: '1' },
        { key: 'off', value: 'x', enabled: false },
      ],
      auth: { type: 'bearer', token: '{{token}}' },
      description: 'Lists **all** orders',
    });
  });

  it('reads a v5 collection, descriptions from each meta', () => {
    const plan = planCollection({
      type: 'collection.insomnia.rest/5.0',
      name: 'Users',
      environments: { data: { base_url: 'https://api.example.com' } },
      collection: [
        {
          name: 'People',
          meta: { description: 'Everyone' },
          children: [
            { name: 'Get users', url: '{{ _.base_url }}/users', method: 'GET', meta: { description: 'All users' } },
          ],
        },
      ],
    });
    expect(plan.folderDescriptions).toEqual([{ path: ['People'], description: 'Everyone' }]);
    expect(plan.endpoints[0]?.draft).toMatchObject({ path: '/users', description: 'All users' });
  });

  it('imports the pre-request and after-response scripts of requests and folders, v4 and v5', () => {
    const after = 'insomnia.test("ok", () => insomnia.expect(insomnia.response.code).to.eql(200));';
    const v5 = planCollection({
      type: 'collection.insomnia.rest/5.0',
      name: 'Users',
      environments: { data: { base_url: 'https://api.example.com' } },
      collection: [
        {
          name: 'People',
          scripts: { preRequest: 'insomnia.environment.set("a", 1);' },
          children: [
            { name: 'Get users', url: '{{ _.base_url }}/users', method: 'GET', scripts: { afterResponse: after } },
          ],
        },
      ],
    });
    expect(v5.folderScripts).toEqual([
      {
        path: ['People'],
        scripts: { from: 'insomnia', preRequest: 'insomnia.environment.set("a", 1);', postResponse: '', tests: '' },
      },
    ]);
    expect(v5.endpoints[0]?.draft.scripts).toEqual({
      from: 'insomnia',
      preRequest: '',
      postResponse: after,
      tests: '',
    });
    const v4 = planCollection({
      _type: 'export',
      __export_format: 4,
      resources: [
        { _id: 'wrk', _type: 'workspace', name: 'W' },
        { _id: 'fld', _type: 'request_group', parentId: 'wrk', name: 'F', afterResponseScript: after },
        {
          _id: 'req',
          _type: 'request',
          parentId: 'fld',
          name: 'R',
          method: 'GET',
          url: 'https://api.example.com/r',
          preRequestScript: 'insomnia.variables.set("b", 2);',
        },
      ],
    });
    expect(v4.folderScripts[0]?.scripts.postResponse).toBe(after);
    expect(v4.endpoints[0]?.draft.scripts).toEqual({
      from: 'insomnia',
      preRequest: 'insomnia.variables.set("b", 2);',
      postResponse: '',
      tests: '',
    });
  });
});

describe('planInsomnia names every request it leaves out', () => {
  it('in a v4 export: a kind of request the app cannot send, and one whose folders are each other’s parents', () => {
    const plan = planCollection({
      _type: 'export',
      __export_format: 4,
      resources: [
        { _id: 'wrk', _type: 'workspace', name: 'Chat' },
        { _id: 'sio', _type: 'socket_io_request', parentId: 'wrk', name: 'Events' },
        { _id: 'a', _type: 'request_group', parentId: 'b', name: 'A' },
        { _id: 'b', _type: 'request_group', parentId: 'a', name: 'B' },
        { _id: 'lost', _type: 'request', parentId: 'a', name: 'Lost', method: 'GET', url: 'https://x.example.com/' },
        { _id: 'ok', _type: 'request', parentId: 'wrk', name: 'Kept', method: 'GET', url: 'https://x.example.com/k' },
      ],
    });
    expect(plan.endpoints.map(({ draft }) => draft.name)).toEqual(['Kept']);
    expect(plan.skipped).toEqual([
      { item: 'Events', reason: 'socket io requests are not HTTP requests' },
      { item: 'Lost', reason: 'its folders are each other’s parents, so it sits in no folder of the workspace' },
    ]);
  });

  it('in a v5 collection: gRPC and WebSocket requests, and a request without a URL', () => {
    const plan = planCollection({
      type: 'collection.insomnia.rest/5.0',
      name: 'Mixed',
      collection: [
        { url: 'https://x.example.com/k', name: 'Kept', method: 'GET', meta: { id: 'req_1' } },
        { url: 'localhost:50051', name: 'Greeter', protoMethodName: '/hello.Greeter/SayHello', meta: { id: 'greq_1' } },
        { url: 'wss://x.example.com/live', name: 'Live', meta: { id: 'ws-req_1' } },
        { name: 'Draft', method: 'POST', meta: { id: 'req_2' } },
      ],
    });
    expect(plan.endpoints.map(({ draft }) => [draft.name, draft.kind ?? 'http', draft.path])).toEqual([
      ['Kept', 'http', '/k'],
      ['Live', 'websocket', 'wss://x.example.com/live'],
    ]);
    expect(plan.skipped).toEqual([
      { item: 'Greeter', reason: 'gRPC requests are not HTTP requests' },
      { item: 'Draft', reason: 'it has no URL' },
    ]);
  });
});

describe('planInsomnia OAuth 2.0', () => {
  it('imports the authorization code grant with its URLs and scope, and still sends the implicit grant as a bearer token', () => {
    // As Insomnia's own export writes an authorization code folder and an implicit request.
    const authorizationCode = {
      accessTokenUrl: 'http://127.0.0.1:4010/oidc/token',
      authorizationUrl: 'http://127.0.0.1:4010/oidc/auth',
      clientId: 'authorization_code',
      clientSecret: 'secret',
      disabled: false,
      grantType: 'authorization_code',
      redirectUrl: 'http://127.0.0.1:4010/callback',
      responseType: 'id_token',
      scope: 'openid offline_access',
      state: '',
      type: 'oauth2',
      usePkce: false,
      credentialsInBody: 'false',
      tokenPrefix: '',
    };
    const plan = planCollection({
      _type: 'export',
      __export_format: 4,
      resources: [
        { _id: 'wrk', _type: 'workspace', name: 'OAuth' },
        { _id: 'fld', _type: 'request_group', parentId: 'wrk', name: 'Code', authentication: authorizationCode },
        { _id: 'r1', _type: 'request', parentId: 'fld', name: 'Me', method: 'GET', url: 'http://127.0.0.1:4010/me' },
        {
          _id: 'r2',
          _type: 'request',
          parentId: 'wrk',
          name: 'Implicit',
          method: 'GET',
          url: 'http://127.0.0.1:4010/me',
          authentication: {
            type: 'oauth2',
            grantType: 'implicit',
            authorizationUrl: 'http://127.0.0.1:4010/oidc/auth',
          },
        },
      ],
    });
    expect(plan.endpoints.map(({ draft }) => draft.auth)).toEqual([
      {
        type: 'oauth2',
        grant: 'authorizationCode',
        authorizationUrl: 'http://127.0.0.1:4010/oidc/auth',
        tokenUrl: 'http://127.0.0.1:4010/oidc/token',
        clientId: 'authorization_code',
        clientSecret: 'secret',
        scope: 'openid offline_access',
      },
      { type: 'bearer', token: '{{accessToken}}' },
    ]);
    expect(plan.warnings).toEqual([
      'Implicit: OAuth 2.0 implicit flow is sent as a bearer {{accessToken}}; fetch the token yourself',
    ]);
  });
});
