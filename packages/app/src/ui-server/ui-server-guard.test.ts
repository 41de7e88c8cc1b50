import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The cookie and the window token a window that opened its session sends. */
const session = () => ({ cookie: app.cookie, 'x-client-window': app.windowToken });

describe('the UI server guard', () => {
  it('listens on 127.0.0.1 and prints an address carrying the session secret', () => {
    const url = new URL(app.ui.url);
    expect(url.origin).toBe(`http://127.0.0.1:${app.ui.port}`);
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('turns the secret in the address into an HttpOnly SameSite=Strict cookie and a window token, then drops it', async () => {
    const url = new URL(app.ui.url);
    const answer = await call(app.ui.port, 'GET', `${url.pathname}${url.search}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toMatch(/^\/#window=[A-Za-z0-9_-]{43}$/);
    expect(answer.headers['set-cookie']).toEqual([`${app.cookie}; Path=/; HttpOnly; SameSite=Strict`]);
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers 401 without the session, as JSON under /api and as a page elsewhere', async () => {
    const apiAnswer = await call(app.ui.port, 'GET', '/api/projects');
    expect(apiAnswer.status).toBe(401);
    expect(apiAnswer.json).toEqual({
      code: 'UNAUTHORIZED',
      message: expect.stringContaining('open the address Client printed'),
    });
    const page = await call(app.ui.port, 'GET', '/');
    expect(page.status).toBe(401);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('This page cannot open Client');
  });

  it('refuses a wrong secret, in the address or in the cookie', async () => {
    expect((await call(app.ui.port, 'GET', '/?session=guess')).status).toBe(401);
    const forged = `client_session_${app.ui.port}=${'A'.repeat(43)}`;
    expect((await call(app.ui.port, 'GET', '/api/projects', { headers: { cookie: forged } })).status).toBe(401);
    // A cookie for another port's app (cookies ignore ports) is not this app's session.
    const otherPort = app.cookie.replace(`client_session_${app.ui.port}=`, 'client_session_1=');
    expect((await call(app.ui.port, 'GET', '/api/projects', { headers: { cookie: otherPort } })).status).toBe(401);
  });

  it('refuses a Host that is not loopback with this port, even with the session (DNS rebinding)', async () => {
    for (const host of ['evil.example', `evil.example:${app.ui.port}`, '127.0.0.1:1', `0.0.0.0:${app.ui.port}`]) {
      const answer = await call(app.ui.port, 'GET', '/api/projects', { headers: { host, ...session() } });
      expect(answer.status, host).toBe(403);
      expect(answer.json.code).toBe('FORBIDDEN');
    }
    const localhost = await call(app.ui.port, 'GET', '/api/projects', {
      headers: { host: `localhost:${app.ui.port}`, ...session() },
    });
    expect(localhost.status).toBe(200);
  });

  it('refuses an Origin other than its own, so no other page can drive it, and accepts its own', async () => {
    const foreign = await call(app.ui.port, 'POST', '/api/projects', {
      headers: { origin: 'http://evil.example', ...session() },
      body: { name: 'Injected' },
    });
    expect(foreign).toMatchObject({ status: 403, json: { code: 'FORBIDDEN' } });
    const otherLocal = await call(app.ui.port, 'GET', '/api/projects', {
      headers: { origin: 'http://127.0.0.1:4110', ...session() },
    });
    expect(otherLocal.status).toBe(403);
    const own = await call(app.ui.port, 'POST', '/api/projects', {
      headers: { origin: `http://127.0.0.1:${app.ui.port}`, ...session() },
      body: { name: 'Mine' },
    });
    expect(own.status).toBe(201);
    expect(app.store.projects.list().map((project) => project.name)).toEqual(['Mine']);
  });

  it('serves the page uncached and hashed assets cached, both under a strict content security policy', async () => {
    const page = await call(app.ui.port, 'GET', '/', { headers: { cookie: app.cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Client</title>');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const asset = await call(app.ui.port, 'GET', '/assets/app.js', { headers: { cookie: app.cookie } });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown API paths with NOT_FOUND in the {code, message} shape', async () => {
    const answer = await call(app.ui.port, 'GET', '/api/nothing', { headers: session() });
    expect(answer).toMatchObject({
      status: 404,
      json: { code: 'NOT_FOUND', message: expect.stringContaining('/api/nothing') },
    });
  });
});

describe('the session cookie alone (what a page on another loopback port receives)', () => {
  it('is not enough to call the API, nor to read the event stream; the window token is needed too', async () => {
    const replayed = await call(app.ui.port, 'GET', '/api/projects', { headers: { cookie: app.cookie } });
    expect(replayed.status).toBe(401);
    expect(replayed.json).toEqual({ code: 'UNAUTHORIZED', message: expect.stringContaining('no session of its own') });
    const wrongWindow = await call(app.ui.port, 'GET', '/api/projects', {
      headers: { cookie: app.cookie, 'x-client-window': 'A'.repeat(43) },
    });
    expect(wrongWindow.status).toBe(401);
    expect((await call(app.ui.port, 'GET', '/api/events', { headers: { cookie: app.cookie } })).status).toBe(401);
    expect((await call(app.ui.port, 'GET', '/api/projects', { headers: session() })).status).toBe(200);
  });

  it('is not the secret of the address, so it cannot open a session of its own and get a window token', async () => {
    const value = app.cookie.split('=')[1] ?? '';
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value).not.toBe(new URL(app.ui.url).searchParams.get('session'));
    expect((await call(app.ui.port, 'GET', `/?session=${value}`)).status).toBe(401);
    // With the cookie it is only the page again: no redirect hands a window token over.
    const replayed = await call(app.ui.port, 'GET', `/?session=${value}`, { headers: { cookie: app.cookie } });
    expect(replayed.headers.location).toBeUndefined();
    expect(replayed.headers['set-cookie']).toBeUndefined();
  });

  it('still loads the page, which holds nothing secret', async () => {
    expect((await call(app.ui.port, 'GET', '/', { headers: { cookie: app.cookie } })).status).toBe(200);
  });
});
