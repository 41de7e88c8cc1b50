import type { EndpointAuth, EndpointDraft } from '@client/core';
import aws4 from 'aws4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RecordedRequest, startTargetServer, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let target: Awaited<ReturnType<typeof startTargetServer>>;
let projectId: string;
let environmentId: string;

beforeAll(async () => {
  app = await startTestApp();
  target = await startTargetServer();
  projectId = (await api(app, 'POST', '/api/projects', { name: 'Shop', baseUrl: target.origin })).json.id;
  environmentId = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Dev' })).json.id;
  await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
    variables: [
      { key: 'token', value: 'project-token-123', secret: true },
      { key: 'aws_secret', value: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', secret: true },
    ],
  });
});
afterAll(async () => {
  await target.close();
  await app.close();
});

function draft(auth: EndpointAuth, extra: Partial<EndpointDraft> = {}): EndpointDraft {
  return {
    name: 'orders',
    method: 'GET',
    path: '/orders',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth,
    state: 'Designing',
    ...extra,
  };
}

async function send(request: EndpointDraft, ids: { endpointId?: string; folderId?: string | null } = {}) {
  const answer = await api(app, 'POST', '/api/send', {
    requestId: crypto.randomUUID(),
    projectId,
    endpointId: ids.endpointId ?? null,
    environmentId,
    ...(ids.folderId === undefined ? {} : { folderId: ids.folderId }),
    request,
  });
  expect(answer.json.outcome, answer.text).toBe('response');
  return { outcome: answer.json, received: target.requests.at(-1) as RecordedRequest };
}

describe('auth set once on the project or a folder', () => {
  it('is sent by the endpoints that inherit it, the nearest folder first, and an endpoint can override it', async () => {
    const admin = (await api(app, 'POST', `/api/projects/${projectId}/folders`, { name: 'Admin' })).json;
    const users = (await api(app, 'POST', `/api/projects/${projectId}/folders`, { name: 'Users', parentId: admin.id }))
      .json;
    expect((await api(app, 'GET', `/api/folders/${users.id}/auth`)).json).toEqual({ type: 'inherit' });
    expect((await api(app, 'GET', `/api/projects/${projectId}/auth`)).json).toEqual({ type: 'none' });

    const put = await api(app, 'PUT', `/api/projects/${projectId}/auth`, { type: 'bearer', token: '{{token}}' });
    expect(put.status).toBe(200);
    const saved = (
      await api(app, 'POST', `/api/projects/${projectId}/endpoints`, {
        ...draft({ type: 'inherit' }),
        folderId: users.id,
      })
    ).json;
    expect(saved.auth).toEqual({ type: 'inherit' });

    const fromProject = await send(saved, { endpointId: saved.id });
    expect(fromProject.received.headers.authorization).toBe('Bearer project-token-123');
    const inherited = await api(app, 'GET', `/api/projects/${projectId}/inherited-auth?folderId=${users.id}`);
    expect(inherited.json).toEqual({
      auth: { type: 'bearer', token: '{{token}}' },
      from: { kind: 'project', id: projectId, name: 'Shop' },
    });
    const history = (await api(app, 'GET', `/api/history/${fromProject.outcome.historyId}`)).json;
    expect(history.requestHeaders).toContainEqual({ key: 'Authorization', value: '••••' });
    expect(JSON.stringify(history)).not.toContain('project-token-123');

    await api(app, 'PUT', `/api/folders/${admin.id}/auth`, {
      type: 'apiKey',
      key: 'X-Admin-Key',
      value: 'typed-admin-key-1',
      in: 'header',
    });
    const fromFolder = await send(saved, { endpointId: saved.id });
    expect(fromFolder.received.headers['x-admin-key']).toBe('typed-admin-key-1');
    expect(fromFolder.received.headers.authorization).toBeUndefined();
    expect((await api(app, 'GET', `/api/projects/${projectId}/inherited-auth?folderId=${users.id}`)).json).toEqual({
      auth: { type: 'apiKey', key: 'X-Admin-Key', value: 'typed-admin-key-1', in: 'header' },
      from: { kind: 'folder', id: admin.id, name: 'Admin' },
    });

    // An unsaved request in the folder inherits the same; one that sets its own auth keeps it.
    const unsaved = await send(draft({ type: 'inherit' }), { folderId: users.id });
    expect(unsaved.received.headers['x-admin-key']).toBe('typed-admin-key-1');
    const own = await send(draft({ type: 'basic', username: 'me', password: 'pw' }), { folderId: users.id });
    expect(own.received.headers.authorization).toBe(`Basic ${Buffer.from('me:pw').toString('base64')}`);
    expect(own.received.headers['x-admin-key']).toBeUndefined();
    // A folder set to none stops the walk: nothing is sent, not the project's bearer.
    await api(app, 'PUT', `/api/folders/${admin.id}/auth`, { type: 'none' });
    const none = await send(saved, { endpointId: saved.id });
    expect(none.received.headers.authorization).toBeUndefined();
  });

  it('refuses a project that would inherit, an auth of the wrong shape and an unknown folder', async () => {
    const inherit = await api(app, 'PUT', `/api/projects/${projectId}/auth`, { type: 'inherit' });
    expect(inherit.status).toBe(400);
    expect(inherit.json.code).toBe('VALIDATION');
    expect((await api(app, 'PUT', `/api/projects/${projectId}/auth`, { type: 'bearer' })).status).toBe(400);
    expect((await api(app, 'PUT', '/api/folders/nope/auth', { type: 'none' })).json.code).toBe('NOT_FOUND');
  });
});

describe('AWS Signature v4', () => {
  it('signs what goes out, so the server computes the same signature over what it received', async () => {
    const auth: EndpointAuth = {
      type: 'awsSigV4',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: '{{aws_secret}}',
      sessionToken: '',
      region: 'eu-west-1',
      service: 'execute-api',
    };
    const request = draft(auth, {
      method: 'POST',
      path: '/orders/a b',
      queryParams: [
        { key: 'z', value: '1' },
        { key: 'a', value: 'x y' },
      ],
      headers: [{ key: 'X-Trace', value: '  two  spaces ' }],
      body: { mode: 'json', text: '{"item":"book"}' },
    });
    const { outcome, received } = await send(request);
    const authorization = String(received.headers.authorization);
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/execute-api\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-trace, Signature=[0-9a-f]{64}$/,
    );
    // Signed again from the request as the server received it, the signature is the same.
    const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const signer = new aws4.RequestSigner(
      {
        method: received.method,
        host: String(received.headers.host),
        path: received.url,
        headers: Object.fromEntries(signedNames.map((name) => [name, String(received.headers[name])])),
        body: received.body,
        service: 'execute-api',
        region: 'eu-west-1',
        doNotModifyHeaders: true,
      },
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    );
    signer.datetime = String(received.headers['x-amz-date']);
    expect(signer.authHeader()).toBe(authorization);

    const history = (await api(app, 'GET', `/api/history/${outcome.historyId}`)).json;
    expect(history.requestHeaders).toContainEqual({ key: 'Authorization', value: '••••' });
    expect(history.requestHeaders).toContainEqual({ key: 'X-Amz-Date', value: received.headers['x-amz-date'] });
  });

  it('says what is missing instead of sending an unsigned request', async () => {
    const answer = await api(app, 'POST', '/api/send', {
      requestId: crypto.randomUUID(),
      projectId,
      endpointId: null,
      environmentId,
      request: draft({
        type: 'awsSigV4',
        accessKeyId: '',
        secretAccessKey: 'x',
        sessionToken: '',
        region: 'r',
        service: 's',
      }),
    });
    expect(answer.json).toEqual({
      outcome: 'failed',
      historyId: null,
      message: 'AWS Signature v4 needs an access key ID, a secret access key, a region and a service',
    });
  });
});
