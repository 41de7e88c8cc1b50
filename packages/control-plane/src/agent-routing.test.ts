import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentListener } from './agent-listener.js';
import { type AgentRouting, routeAgentRequests } from './agent-routing.js';
import type { AgentServer } from './agent-server.js';
import { httpCall } from './http-call.test-support.js';
import { DEFAULT_LIMITS } from './limits.js';

const TOKEN = 'the-token';

let server: Server;
let port: number;
let builds: number;
let buildResult: () => Promise<AgentServer>;
let logged: string[];
let routing: AgentRouting;

/** Routes that answer every request with what they were asked, so a test tells them from the listener. */
const stubRoutes = (): AgentServer => ({
  app: {} as AgentServer['app'],
  handle(request, response: ServerResponse) {
    response.writeHead(299, { 'content-type': 'text/plain' });
    response.end(`routes: ${request.method} ${request.url}`);
  },
});

beforeEach(async () => {
  server = createAgentListener(DEFAULT_LIMITS, () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  builds = 0;
  buildResult = async () => stubRoutes();
  logged = [];
  routing = routeAgentRequests(server, {
    policy: {
      port: () => port,
      matchesToken: (token) => token === TOKEN,
      tokenPath: '/data/agent-token',
      flavor: 'dev',
    },
    version: '1.2.3',
    log: (line) => logged.push(line),
    build: () => {
      builds++;
      return buildResult();
    },
  });
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const withToken = { authorization: `Bearer ${TOKEN}` };

describe('the control plane before its routes are built', () => {
  it('answers a health check with the token itself, and logs it, without building the routes', async () => {
    const health = await httpCall(port, { path: '/agent/health', headers: withToken });
    expect(health).toMatchObject({
      status: 200,
      json: { status: 'ok', app: 'Client', version: '1.2.3', flavor: 'dev', port },
    });
    expect(health.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(logged).toEqual([expect.stringMatching(/^GET \/agent\/health 200 \d+ms$/)]);
    expect(builds).toBe(0);
    expect(routing.built).toBeNull();
  });

  it.each([
    ['without the token', { path: '/agent/health' }],
    ['with a wrong Host', { path: '/agent/health', headers: { ...withToken, host: 'example.com' } }],
    ['with a query', { path: '/agent/health?x=1', headers: withToken }],
    ['as HEAD', { method: 'HEAD', path: '/agent/health', headers: withToken }],
    ['with a body', { path: '/agent/health', headers: withToken, body: 'x' }],
    ['for another route', { path: '/agent/projects', headers: withToken }],
  ])('leaves a health check %s, and every other request, to the routes, which it has built', async (_, call) => {
    const answer = await httpCall(port, call);
    expect(answer.status).toBe(299);
    expect(builds).toBe(1);
  });

  it('builds the routes once for requests that came together, and gives them every later request', async () => {
    const answers = await Promise.all([
      httpCall(port, { path: '/agent/projects', headers: withToken }),
      httpCall(port, { method: 'POST', path: '/agent/curl', headers: withToken, body: '{}' }),
    ]);
    expect(answers.map((answer) => answer.text)).toEqual(['routes: GET /agent/projects', 'routes: POST /agent/curl']);
    expect((await httpCall(port, { path: '/agent/health', headers: withToken })).text).toBe(
      'routes: GET /agent/health',
    );
    expect(builds).toBe(1);
  });

  it('builds them when asked, before any request', async () => {
    await routing.build();
    expect(builds).toBe(1);
    expect((await httpCall(port, { path: '/agent/health', headers: withToken })).status).toBe(299);
  });

  it('answers {code, message} and says why in the output when the routes cannot be built', async () => {
    buildResult = () => Promise.reject(new Error('no fastify'));
    const answer = await httpCall(port, { path: '/agent/projects', headers: withToken });
    expect(answer).toMatchObject({
      status: 500,
      json: { code: 'INTERNAL', message: 'the control plane could not build its routes; see the app output' },
    });
    expect(logged).toEqual([
      "the control plane's routes could not be built: Error: no fastify",
      expect.stringMatching(/^GET \/agent\/projects 500 \d+ms$/),
    ]);
  });
});
