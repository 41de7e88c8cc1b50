import type { EndpointDraft, OAuth2Auth } from '@client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTargetServer, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let authServer: Awaited<ReturnType<typeof startTargetServer>>;
let resource: Awaited<ReturnType<typeof startTargetServer>>;
let issued = 0;

beforeAll(async () => {
  app = await startTestApp();
  // The client's credentials come form-encoded inside the Basic header (RFC 6749 §2.3.1).
  authServer = await startTargetServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    const [id, secret] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':')
      .map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
    const form = new URLSearchParams(request.body);
    if (id !== 'app-1' || secret !== 's3cr3t value' || form.get('grant_type') !== 'client_credentials') {
      response.statusCode = 401;
      response.end('{"error":"invalid_client","error_description":"unknown client"}');
      return;
    }
    issued += 1;
    const lifetime = form.get('scope') === 'short' ? 10 : 3600;
    response.end(JSON.stringify({ access_token: `tok-${issued}`, token_type: 'Bearer', expires_in: lifetime }));
  });
  resource = await startTargetServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ authorization: request.headers.authorization }));
  });
});
afterAll(async () => {
  await authServer.close();
  await resource.close();
  await app.close();
});

let projectId: string;
let environmentId: string;
async function send(auth: Partial<Pick<OAuth2Auth, 'tokenUrl' | 'clientId' | 'clientSecret' | 'scope'>> = {}) {
  if (projectId === undefined) {
    projectId = (await api(app, 'POST', '/api/projects', { name: 'OAuth', baseUrl: resource.origin })).json.id;
    environmentId = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Dev' })).json.id;
    await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
      // The client secret goes to the token server, and so must be allowed there as well as at the API.
      variables: [
        {
          key: 'client_secret',
          value: 's3cr3t value',
          secret: true,
          allowedHosts: [new URL(resource.origin).host, new URL(authServer.origin).host],
        },
      ],
    });
  }
  const request: EndpointDraft = {
    name: 'me',
    method: 'GET',
    path: '/me',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: {
      type: 'oauth2',
      tokenUrl: `${authServer.origin}/oauth/token`,
      clientId: 'app-1',
      clientSecret: '{{client_secret}}',
      scope: 'read',
      ...auth,
    },
    state: 'Designing',
  };
  const answer = await api(app, 'POST', '/api/send', {
    requestId: crypto.randomUUID(),
    projectId,
    endpointId: null,
    environmentId,
    request,
  });
  return answer.json;
}

describe('OAuth 2.0 client credentials', () => {
  it('fetch a token with the client’s credentials, send it as the bearer, and reuse it until near its expiry', async () => {
    const first = await send();
    expect(first).toMatchObject({ outcome: 'response', status: 200 });
    expect(JSON.parse(first.body)).toEqual({ authorization: 'Bearer tok-1' });
    const second = await send();
    expect(JSON.parse(second.body)).toEqual({ authorization: 'Bearer tok-1' });
    expect(issued).toBe(1);
    // A token that expires within the safety margin is fetched again for each send.
    await send({ scope: 'short' });
    await send({ scope: 'short' });
    expect(issued).toBe(3);
  });

  it('keep the token out of History, and say why when the token URL refuses', async () => {
    const sent = await send();
    const history = JSON.stringify((await api(app, 'GET', `/api/history/${sent.historyId}`)).json);
    expect(history).not.toContain('tok-1');
    expect(history).toContain('"Authorization","value":"••••"');
    const refused = await send({ clientSecret: 'wrong' });
    expect(refused).toEqual({
      outcome: 'failed',
      historyId: null,
      message: 'the token URL answered 401 (invalid_client: unknown client); check the client ID, secret and scope',
    });
  });
});
