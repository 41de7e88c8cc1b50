import type { EndpointAuth, EndpointDraft } from '@client/core';
import Database from 'better-sqlite3';
import { OAuth2Server } from 'oauth2-mock-server';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTargetServer, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let authServer: OAuth2Server;
let resource: Awaited<ReturnType<typeof startTargetServer>>;
let projectId: string;
/** What the app opened in "the browser", and the grants the token endpoint saw. */
const opened: string[] = [];
/** The authorization URLs whose sign-in has ended, told so through what opening the browser resolved to. */
const ended: string[] = [];
const grants: URLSearchParams[] = [];
const issuedRefreshTokens: unknown[] = [];
/** The lifetime the next token is given, in seconds. */
let lifetime = 3600;

/** The person's browser: follows the authorization URL to where the server sends it back, the loopback listener. */
async function browse(url: string): Promise<{ status: number; body: string }> {
  opened.push(url);
  const authorize = await request(url);
  await authorize.body.dump();
  const location = String(authorize.headers.location);
  const back = await request(location);
  return { status: back.statusCode, body: await back.body.text() };
}

let browser: (url: string) => Promise<unknown> = browse;

beforeAll(async () => {
  authServer = new OAuth2Server();
  await authServer.issuer.keys.generate('RS256');
  await authServer.start(0, '127.0.0.1');
  authServer.service.on('beforeResponse', (response: { body: Record<string, unknown> }, incoming) => {
    grants.push(new URLSearchParams((incoming as unknown as { body: Record<string, string> }).body));
    response.body.expires_in = lifetime;
    issuedRefreshTokens.push(response.body.refresh_token);
  });
  app = await startTestApp({
    openBrowser: async (url) => {
      void browser(url);
      return () => {
        ended.push(url);
      };
    },
  });
  resource = await startTargetServer((recorded, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ authorization: recorded.headers.authorization }));
  });
  projectId = (await api(app, 'POST', '/api/projects', { name: 'Sign-in', baseUrl: resource.origin })).json.id;
});
afterAll(async () => {
  await resource.close();
  await authServer.stop();
  await app.close();
});

function codeAuth(): EndpointAuth {
  const issuer = authServer.issuer.url ?? '';
  return {
    type: 'oauth2',
    grant: 'authorizationCode',
    authorizationUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    clientId: 'desktop-app',
    clientSecret: '',
    scope: 'openid profile',
  };
}

const signIn = () => ({ projectId, environmentId: null, folderId: null, auth: codeAuth() });

async function send() {
  const draft: EndpointDraft = {
    name: 'me',
    method: 'GET',
    path: '/me',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: codeAuth(),
    state: 'Designing',
  };
  const answer = await api(app, 'POST', '/api/send', {
    requestId: crypto.randomUUID(),
    projectId,
    endpointId: null,
    environmentId: null,
    request: draft,
  });
  return answer.json;
}

describe('OAuth 2.0 authorization code with PKCE', () => {
  it('asks to sign in before there is a token', async () => {
    const outcome = await send();
    expect(outcome.outcome).toBe('failed');
    expect(outcome.message).toMatch(/no OAuth 2.0 access token yet; choose Get token/);
    expect((await api(app, 'POST', '/api/oauth2/token-status', signIn())).json).toEqual({
      hasToken: false,
      expiresAt: null,
      refreshable: false,
      obtainedAt: null,
    });
  });

  it('signs in through the browser and a loopback redirect, keeps the tokens encrypted and sends the access token', async () => {
    const started = await api(app, 'POST', '/api/oauth2/sign-ins', signIn());
    expect(started.status).toBe(201);
    const { flowId, authorizationUrl, browserOpened } = started.json;
    expect(browserOpened).toBe(true);
    const asked = new URL(authorizationUrl);
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'desktop-app',
      redirect_uri: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/callback$/),
      scope: 'openid profile',
      state: expect.stringMatching(/^[\w-]{22}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    expect(ended).not.toContain(authorizationUrl);
    const finished = await api(app, 'GET', `/api/oauth2/sign-ins/${flowId}`);
    expect(finished.status).toBe(200);
    expect(finished.json).toMatchObject({ hasToken: true, refreshable: true });
    // What opening the browser left behind (the app's launch page) is removed once the sign-in has ended.
    expect(ended).toEqual([authorizationUrl]);
    // The mock server checks the verifier against the challenge; a public client names itself in the form.
    const exchange = grants.at(-1);
    expect(exchange?.get('grant_type')).toBe('authorization_code');
    expect(exchange?.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(exchange?.get('client_id')).toBe('desktop-app');
    expect(exchange?.get('redirect_uri')).toBe(asked.searchParams.get('redirect_uri'));

    const outcome = await send();
    expect(outcome.outcome).toBe('response');
    const sent = resource.requests.at(-1)?.headers.authorization ?? '';
    expect(sent).toMatch(/^Bearer eyJ/);
    const token = sent.slice('Bearer '.length);

    // Neither History nor the database file holds the token in the clear.
    const history = (await api(app, 'GET', `/api/history/${outcome.historyId}`)).json;
    expect(history.requestHeaders).toContainEqual({ key: 'Authorization', value: '••••' });
    expect(JSON.stringify(history)).not.toContain(token);
    const db = new Database(app.databasePath, { readonly: true });
    const rows = db.prepare('SELECT access_token, refresh_token FROM oauth2_tokens').all() as Record<string, string>[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(app.secrets.decrypt(rows[0]?.access_token ?? '')).toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);

    // The listener served its one answer and is gone.
    await expect(request(asked.searchParams.get('redirect_uri') ?? '')).rejects.toThrow();
  });

  it('refreshes an access token about to expire with the refresh token, once for concurrent sends', async () => {
    lifetime = 5;
    const started = (await api(app, 'POST', '/api/oauth2/sign-ins', signIn())).json;
    await api(app, 'GET', `/api/oauth2/sign-ins/${started.flowId}`);
    const firstRefresh = issuedRefreshTokens.at(-1);
    expect(firstRefresh).toEqual(expect.any(String));
    lifetime = 3600;
    const before = grants.length;
    const [one, two] = await Promise.all([send(), send()]);
    expect([one.outcome, two.outcome]).toEqual(['response', 'response']);
    const refreshes = grants.slice(before);
    expect(refreshes.map((grant) => grant.get('grant_type'))).toEqual(['refresh_token']);
    expect(refreshes[0]?.get('refresh_token')).toBe(firstRefresh);
    const status = (await api(app, 'POST', '/api/oauth2/token-status', signIn())).json;
    expect(Date.parse(status.expiresAt) - Date.now()).toBeGreaterThan(60_000);
    // Now fresh: the next send asks nothing of the token endpoint.
    await send();
    expect(grants.length).toBe(before + 1);
  });

  it('refuses an answer whose state is not the one sent, and closes after that one use', async () => {
    browser = async (url) => {
      const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
      await request(`${redirect}?code=stolen&state=forged`).then((answer) => answer.body.dump());
    };
    const started = (await api(app, 'POST', '/api/oauth2/sign-ins', signIn())).json;
    const finished = await api(app, 'GET', `/api/oauth2/sign-ins/${started.flowId}`);
    expect(finished.status).toBe(400);
    expect(finished.json.code).toBe('VALIDATION');
    expect(finished.json.message).toMatch(/did not carry the state Client sent/);
    const redirect = new URL(started.authorizationUrl).searchParams.get('redirect_uri') ?? '';
    await expect(request(`${redirect}?code=x&state=y`)).rejects.toThrow();
    browser = browse;
  });

  it('forgets the tokens when asked, and an unknown sign-in is NOT_FOUND', async () => {
    const forgotten = await api(app, 'POST', '/api/oauth2/forget', signIn());
    expect(forgotten.json.hasToken).toBe(false);
    expect((await send()).message).toMatch(/no OAuth 2.0 access token yet/);
    expect((await api(app, 'GET', '/api/oauth2/sign-ins/nope')).json.code).toBe('NOT_FOUND');
  });

  it('ends a sign-in still waiting for the browser when the app stops, so stopping never waits for it', async () => {
    browser = async () => undefined;
    const started = (await api(app, 'POST', '/api/oauth2/sign-ins', signIn())).json;
    const waiting = api(app, 'GET', `/api/oauth2/sign-ins/${started.flowId}`).then(
      (answer) => answer.json.message,
      () => 'connection closed',
    );
    await app.ui.close();
    expect(await waiting).toMatch(/the sign-in was cancelled|connection closed/);
    const redirect = new URL(started.authorizationUrl).searchParams.get('redirect_uri') ?? '';
    await expect(request(redirect)).rejects.toThrow();
  });
});
