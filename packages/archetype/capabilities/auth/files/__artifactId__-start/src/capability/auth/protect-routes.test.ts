import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createWebServer, type WebServer } from '../../web/create-web-server.js';
import { wrapResponses } from '../../web/unified-response.js';
import type { AuthRule } from './auth-config.js';
import { AuthError } from './auth-error.js';
import { protectRoutes } from './protect-routes.js';
import { RouteRules } from './route-rules.js';
import type { VerifyToken } from './verify-token.js';

/**
 * Tokens that say what they carry, `<subject>.<scope>+<scope>.<role>+<role>` (`ada.notes.editor+admin`), so these
 * tests see the routes, not the signatures.
 */
const verify: VerifyToken = async (token) => {
  const [subject, scopes, roles, ...rest] = token.split('.');
  if (roles === undefined || rest.length > 0) throw AuthError.invalidToken('not a token of these tests');
  const names = (list = '') => new Set(list.split('+').filter((name) => name !== ''));
  return { subject: subject || undefined, scopes: names(scopes), roles: names(roles), claims: {} };
};

function server(rules: AuthRule[], routes: (api: FastifyInstance) => void): WebServer {
  const app = createWebServer({
    logger: pino({ level: 'silent' }),
    maxBodyBytes: 1024,
    accessLog: false,
    keepAliveTimeout: 5_000,
  });
  app.register(async (api) => {
    wrapResponses(api);
    protectRoutes(api, { rules: new RouteRules(rules), verify, realm: 'test', schemeDescription: 'test tokens' });
    routes(api);
  });
  return app;
}

const rule = (methods: AuthRule['methods'], url: string, needs: Partial<AuthRule> = {}): AuthRule => ({
  methods,
  url,
  scopes: [],
  roles: [],
  anonymous: false,
  ...needs,
});

describe('protectRoutes', () => {
  let app: WebServer;
  beforeAll(async () => {
    app = server(
      [
        rule(['GET'], '/me', { scopes: ['profile'] }),
        rule(['POST'], '/notes', { scopes: ['notes'], roles: ['editor', 'admin'] }),
      ],
      (api) => {
        api.get('/me', async (request) => ({
          subject: request.principal?.subject,
          scopes: [...(request.principal?.scopes ?? [])],
        }));
        api.route({
          method: ['GET', 'POST'],
          url: '/notes',
          handler: async (request) => request.principal?.subject ?? 'anyone',
        });
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'HEAD' | 'POST', url: string, token?: string) =>
    app.inject({ method, url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

  it('gives the handler the caller of a guarded route as request.principal', async () => {
    const response = await call('GET', '/me', 'ada.profile+email.');
    expect(response.json()).toEqual({
      code: 200,
      msg: 'success',
      data: { subject: 'ada', scopes: ['profile', 'email'] },
    });
  });

  it('guards the HEAD beside a guarded GET', async () => {
    expect((await call('HEAD', '/me')).statusCode).toBe(401);
    expect((await call('HEAD', '/me', '.profile.')).statusCode).toBe(200);
  });

  it('guards each method of a route as its rule says: here POST, not GET', async () => {
    expect((await call('GET', '/notes')).json()).toMatchObject({ code: 200, data: 'anyone' });
    expect((await call('POST', '/notes')).statusCode).toBe(401);
    expect((await call('POST', '/notes', 'ada.notes.admin')).json()).toMatchObject({ data: 'ada' });
  });

  it('needs every scope and one of the roles, and says which is missing', async () => {
    const lacking = await call('POST', '/notes', '.other.admin');
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json()).toMatchObject({ code: 403, msg: 'this route needs the scope notes, which the token lacks' });
    expect(lacking.headers['www-authenticate']).toBe(
      'Bearer realm="test", error="insufficient_scope", error_description="this route needs the scope notes, which the token lacks", scope="notes"',
    );
    const roleless = await call('POST', '/notes', '.notes.viewer');
    expect(roleless.json()).toMatchObject({
      code: 403,
      msg: 'this route needs one of the roles editor, admin, which the token lacks',
    });
    expect((await call('POST', '/notes', '.notes.viewer+editor')).statusCode).toBe(200);
  });

  it('stops the start when a rule guards no route, naming it', async () => {
    const typo = server([rule(['POST'], '/note', { scopes: ['notes'] })], (api) => {
      api.post('/notes', async () => 1);
    });
    await expect(typo.ready()).rejects.toThrow(
      'auth.rules[0] (POST /note) guards no route; correct its url or methods, or remove it',
    );
  });
});
