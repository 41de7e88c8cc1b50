import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EndpointDraft, KeyValue } from '@client/core';
import { CookieJars } from '@client/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let server: Server;
let origin: string;
const cookiesSeen: (string | undefined)[] = [];

beforeAll(async () => {
  app = await startTestApp();
  server = createServer((request, response) => {
    cookiesSeen.push(request.headers.cookie);
    if (request.url === '/login') {
      response.setHeader('set-cookie', ['sid=s3cr3t; Path=/; HttpOnly; SameSite=Lax', 'theme=dark; Path=/ui']);
    } else if (request.url === '/hop') {
      response.writeHead(302, { location: '/landed', 'set-cookie': 'hop=1; Path=/' });
    } else if (request.url === '/logout') {
      response.setHeader('set-cookie', 'sid=; Path=/; Max-Age=0');
    }
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await app.close();
});

async function project(): Promise<string> {
  return (await api(app, 'POST', '/api/projects', { name: `Jar ${Math.random()}`, baseUrl: origin })).json.id;
}

async function send(projectId: string, path: string, headers: KeyValue[] = []) {
  const request: EndpointDraft = {
    name: 'x',
    method: 'GET',
    path,
    queryParams: [],
    headers,
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
  };
  return (
    await api(app, 'POST', '/api/send', {
      requestId: crypto.randomUUID(),
      projectId,
      endpointId: null,
      environmentId: null,
      request,
    })
  ).json;
}

describe('the cookie jar of a project', () => {
  it('keeps what a server sets, sends it on matching requests only, and forgets an expired cookie', async () => {
    const projectId = await project();
    const login = await send(projectId, '/login');
    expect(login.cookies.map((c: { name: string }) => c.name)).toEqual(['sid', 'theme']);
    expect(login.cookies[0]).toMatchObject({ domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'lax' });
    cookiesSeen.length = 0;
    await send(projectId, '/api/me');
    await send(projectId, '/ui/page');
    expect(cookiesSeen).toEqual(['sid=s3cr3t', 'theme=dark; sid=s3cr3t']);
    await send(projectId, '/logout');
    cookiesSeen.length = 0;
    await send(projectId, '/api/me');
    expect(cookiesSeen).toEqual([undefined]);
  });

  it('shows in History that cookies went along, never their values', async () => {
    const projectId = await project();
    await send(projectId, '/login');
    const sent = await send(projectId, '/api/me');
    const history = (await api(app, 'GET', `/api/history/${sent.historyId}`)).json;
    expect(history.requestHeaders).toContainEqual({ key: 'Cookie', value: '••••' });
    expect(JSON.stringify(history)).not.toContain('s3cr3t');
  });

  it('is left alone by a request that sets its own Cookie header', async () => {
    const projectId = await project();
    await send(projectId, '/login');
    cookiesSeen.length = 0;
    const own = await send(projectId, '/logout', [{ key: 'Cookie', value: 'mine=1' }]);
    expect(cookiesSeen).toEqual(['mine=1']);
    expect(own.cookies).toEqual([]);
    expect(
      (await api(app, 'GET', `/api/projects/${projectId}/cookies`)).json.map((c: { name: string }) => c.name),
    ).toEqual(['sid', 'theme']);
  });

  it('learns from every hop of a redirect and sends on the next hop what the first set', async () => {
    const projectId = await project();
    cookiesSeen.length = 0;
    const sent = await send(projectId, '/hop');
    expect(sent.cookies.map((c: { name: string }) => c.name)).toEqual(['hop']);
    expect(cookiesSeen).toEqual([undefined, 'hop=1']);
  });

  it('can be edited: a cookie added, changed, deleted, the jar cleared, kept across a restart of the jar', async () => {
    const projectId = await project();
    const cookie = {
      name: 'token',
      value: 'abc',
      domain: '127.0.0.1',
      path: '/',
      expires: null,
      httpOnly: false,
      secure: false,
      sameSite: null,
    };
    expect((await api(app, 'PUT', `/api/projects/${projectId}/cookies`, cookie)).json).toEqual([cookie]);
    expect((await api(app, 'PUT', `/api/projects/${projectId}/cookies`, { ...cookie, value: 'xyz' })).json).toEqual([
      { ...cookie, value: 'xyz' },
    ]);
    cookiesSeen.length = 0;
    await send(projectId, '/any');
    expect(cookiesSeen).toEqual(['token=xyz']);
    const bad = await api(app, 'PUT', `/api/projects/${projectId}/cookies`, { ...cookie, value: 'a;b' });
    expect(bad).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    // Kept in the database: a jar read afresh, as after a restart, holds it.
    expect((await new CookieJars(app.store.cookieJars).of(projectId)).list()).toEqual([{ ...cookie, value: 'xyz' }]);

    await send(projectId, '/login');
    const one = await api(app, 'DELETE', `/api/projects/${projectId}/cookies?domain=127.0.0.1&path=/&name=token`);
    expect(one.json.map((c: { name: string }) => c.name)).toEqual(['sid', 'theme']);
    expect((await api(app, 'DELETE', `/api/projects/${projectId}/cookies`)).json).toEqual([]);
    expect((await api(app, 'GET', `/api/projects/${projectId}/cookies`)).json).toEqual([]);
  });
});
