import { describe, expect, it } from 'vitest';
import { planCollection } from './plan-collection.js';

/** An OpenAPI 3 document whose one operation asks for `security`, with these schemes defined. */
const openApi = (securitySchemes: Record<string, unknown>, security: unknown[], parameters: unknown[] = []) => ({
  openapi: '3.0.3',
  info: { title: 'Secured', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  components: { securitySchemes },
  paths: {
    '/pets': { get: { summary: 'List pets', parameters, security, responses: { 200: { description: 'ok' } } } },
  },
});

const only = (document: unknown) => {
  const plan = planCollection(document);
  const [endpoint] = plan.endpoints;
  if (endpoint === undefined) throw new Error('no endpoint planned');
  return { plan, draft: endpoint.draft };
};

describe('OpenAPI OAuth 2.0 flows', () => {
  it('imports the OpenAPI 3 authorization code flow with its URLs and the scopes the operation asks for', () => {
    const { plan, draft } = only(
      openApi(
        {
          petstore_auth: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                authorizationUrl: 'https://id.example.com/authorize',
                tokenUrl: 'https://id.example.com/token',
                scopes: { 'read:pets': 'read', 'write:pets': 'write' },
              },
            },
          },
        },
        [{ petstore_auth: ['read:pets', 'write:pets'] }],
      ),
    );
    expect(draft.auth).toEqual({
      type: 'oauth2',
      grant: 'authorizationCode',
      authorizationUrl: 'https://id.example.com/authorize',
      tokenUrl: 'https://id.example.com/token',
      clientId: '{{clientId}}',
      clientSecret: '{{clientSecret}}',
      scope: 'read:pets write:pets',
    });
    expect(plan.warnings).toEqual([]);
  });

  it('imports the Swagger 2 accessCode flow as the authorization code grant', () => {
    const { plan, draft } = only({
      swagger: '2.0',
      info: { title: 'Petstore', version: '1' },
      host: 'petstore.example.com',
      basePath: '/v2',
      schemes: ['https'],
      securityDefinitions: {
        petstore_auth: {
          type: 'oauth2',
          flow: 'accessCode',
          authorizationUrl: 'https://petstore.example.com/oauth/authorize',
          tokenUrl: 'https://petstore.example.com/oauth/token',
          scopes: { 'read:pets': 'read your pets' },
        },
      },
      paths: {
        '/pet/{petId}': {
          get: {
            operationId: 'getPetById',
            parameters: [{ name: 'petId', in: 'path', required: true, type: 'integer' }],
            security: [{ petstore_auth: ['read:pets'] }],
            responses: { 200: { description: 'ok' } },
          },
        },
      },
    });
    expect(draft.auth).toEqual({
      type: 'oauth2',
      grant: 'authorizationCode',
      authorizationUrl: 'https://petstore.example.com/oauth/authorize',
      tokenUrl: 'https://petstore.example.com/oauth/token',
      clientId: '{{clientId}}',
      clientSecret: '{{clientSecret}}',
      scope: 'read:pets',
    });
    expect(plan.warnings).toEqual([]);
  });

  it('still sends the implicit flow as a bearer token, and says so', () => {
    const { plan, draft } = only(
      openApi(
        {
          legacy: {
            type: 'oauth2',
            flows: { implicit: { authorizationUrl: 'https://id.example.com/authorize', scopes: {} } },
          },
        },
        [{ legacy: [] }],
      ),
    );
    expect(draft.auth).toEqual({ type: 'bearer', token: '{{token}}' });
    expect(plan.warnings).toEqual([
      'security scheme legacy (oauth2) is sent as a bearer {{token}}; fetch the token yourself',
    ]);
  });
});

describe('OpenAPI requirements that name several schemes at once', () => {
  const keys = {
    api_key: { type: 'apiKey', in: 'header', name: 'x-api_key' },
    app_version: { type: 'apiKey', in: 'header', name: 'x-app-version' },
    tenant: { type: 'apiKey', in: 'query', name: 'tenant' },
    session: { type: 'apiKey', in: 'cookie', name: 'SESSION' },
    bearer: { type: 'http', scheme: 'bearer' },
  };

  it('keeps both API keys: the first as the auth, the second as a header holding a variable named for its scheme', () => {
    const { plan, draft } = only(openApi(keys, [{ api_key: [], app_version: [] }]));
    expect(draft.auth).toEqual({ type: 'apiKey', key: 'x-api_key', value: '{{apiKey}}', in: 'header' });
    expect(draft.headers).toEqual([{ key: 'x-app-version', value: '{{app_version}}' }]);
    expect(plan.warnings).toEqual([]);
  });

  it('puts a further query key in the query, beside a bearer token', () => {
    const { draft } = only(openApi(keys, [{ bearer: [], tenant: [] }]));
    expect(draft.auth).toEqual({ type: 'bearer', token: '{{token}}' });
    expect(draft.queryParams).toEqual([{ key: 'tenant', value: '{{tenant}}' }]);
  });

  it('does not send a further key twice when the operation lists it as a parameter too', () => {
    const parameters = [{ name: 'X-App-Version', in: 'header', required: true, example: '2' }];
    const { draft } = only(openApi(keys, [{ api_key: [], app_version: [] }], parameters));
    expect(draft.headers).toEqual([{ key: 'X-App-Version', value: '2' }]);
  });

  it('names, in a warning, a further scheme the endpoint cannot also carry', () => {
    const { plan, draft } = only(openApi(keys, [{ api_key: [], bearer: [], session: [] }]));
    expect(draft.auth).toEqual({ type: 'apiKey', key: 'x-api_key', value: '{{apiKey}}', in: 'header' });
    expect(plan.warnings).toEqual([
      'GET /pets: also needs security scheme bearer (bearer), which was left out; set it by hand',
      'security scheme session sends its key in a cookie; set that by hand',
    ]);
  });
});
