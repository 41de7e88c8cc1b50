import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  cleanupAppProcesses,
  createDataDir,
  runClientCommand,
  startAppProcess,
} from './support/app-process.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { type LocalServer, startLocalServer } from './support/ui-session.js';

const API_KEY = 'sk_live_e2e-only-for-the-shop';

const dataDir = createDataDir();
let app: AppProcess;
let ui: UiApi;
/** The shop's API: where the secret may go. */
let shop: LocalServer;
/** Another server on this machine, named `localhost`: it must never see a request carrying the secret. */
let other: LocalServer;
const seenByOther: string[] = [];
let otherHost = '';
let projectId = '';
let endpointId = '';
let liveId = '';
let elsewhereId = '';

const answerOk = (_request: IncomingMessage, response: ServerResponse) => response.end('{"ok":true}');

beforeAll(async () => {
  shop = await startLocalServer(answerOk);
  other = await startLocalServer((request, response) => {
    seenByOther.push(request.url ?? '');
    answerOk(request, response);
  });
  otherHost = `localhost:${new URL(other.origin).port}`;
  app = await startAppProcess({ dataDir });
  ui = await openUiApi(app);
  projectId = (await ui.call('POST', '/api/projects', { name: 'Shop', baseUrl: shop.origin })).json.id;
  // Two environments: the live one keeps the project's base URL, the other points base_url at another server.
  liveId = (await ui.call('POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json.id;
  await ui.call('PUT', `/api/environments/${liveId}/variables`, {
    variables: [{ key: 'api_key', value: API_KEY, secret: true }],
  });
  elsewhereId = (await ui.call('POST', `/api/projects/${projectId}/environments`, { name: 'Elsewhere' })).json.id;
  await ui.call('PUT', `/api/environments/${elsewhereId}/variables`, {
    variables: [
      { key: 'base_url', value: `http://${otherHost}`, secret: false },
      { key: 'api_key', value: API_KEY, secret: true, allowedHosts: [new URL(shop.origin).host] },
    ],
  });
  const saved = await app.request('POST', '/agent/curl', {
    body: { command: `curl '${shop.origin}/orders' -H 'X-Api-Key: {{api_key}}'`, projectId },
  });
  endpointId = String((saved.json as { endpointId: string }).endpointId);
  // The person saved the agent's request as their own: a standing permission covers it from then on.
  const endpoint = (await ui.call('GET', `/api/endpoints/${endpointId}`)).json;
  expect((await ui.call('PUT', `/api/endpoints/${endpointId}`, endpoint)).status).toBe(200);
  // A standing permission, so the person's consent is not what stops the send.
  const allowed = await runClientCommand(['agent', 'allow', '--project', 'Shop', '--minutes', '5'], { dataDir });
  expect(allowed.code, allowed.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await other?.close();
  await cleanupAppProcesses();
});

async function activate(environmentId: string): Promise<void> {
  const answer = await ui.call('PUT', `/api/projects/${projectId}/active-environment`, { environmentId });
  expect(answer.status).toBe(204);
}

describe("an agent's send and a secret's allowed hosts", () => {
  it('goes out to a host the secret is allowed at', async () => {
    await activate(liveId);
    const sent = await app.request('POST', '/agent/send', { body: { endpointId, timeoutMs: 5_000 } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({ status: 200 });
  });

  it('is refused, naming the secret and the host, when it would carry the secret elsewhere; nothing reaches it', async () => {
    await activate(elsewhereId);
    const sent = await app.request('POST', '/agent/send', { body: { endpointId, timeoutMs: 5_000 } });
    expect(sent.status).toBe(403);
    expect(sent.json).toEqual({
      code: 'FORBIDDEN',
      message: expect.stringContaining(`the secret {{api_key}} may be sent only to ${new URL(shop.origin).host}`),
    });
    expect(sent.text).toContain(`not to ${otherHost}`);
    expect(sent.text).not.toContain(API_KEY);
    // The server saw nothing: a request it gets now is the first one it sees.
    const probe = await fetch(`${other.origin}/probe`);
    expect(probe.status).toBe(200);
    expect(seenByOther).toEqual(['/probe']);
  });
});
