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

const SECRET = 'Zürich/K3y+t0ken&more';
const HEADER_SECRET = 'HdrSecretValue0042';

const base64Inside = (before: string, after: string, encoding: BufferEncoding) =>
  Buffer.from(`${before}${SECRET}${after}`).toString(encoding);

/** The secret as a careless server may write it back, each form as it appears in the response body. */
const BODY_FORMS = [
  SECRET.toUpperCase(),
  SECRET.toLowerCase(),
  encodeURIComponent(SECRET).replace(/%../g, (percent) => percent.toLowerCase()),
  encodeURIComponent(encodeURIComponent(SECRET)),
  'Z\\u00FCrich\\/K3y+t0ken&more',
  'Z\\u00fcri\\u0063h/K3y+t0ken&more',
  '&#x5A;&#252;rich&#x2F;K3y+t0ken&amp;more',
  base64Inside('x', 'y', 'base64'),
  base64Inside('xy', '', 'base64'),
  Buffer.from(SECRET).toString('base64url'),
  Buffer.from(SECRET).toString('hex').toUpperCase(),
];
/** What must not be readable anywhere: the forms, and what a prefix does not change in the base64 ones. */
const UNREADABLE = [
  ...BODY_FORMS.slice(0, 7),
  Buffer.from(SECRET).subarray(2, 20).toString('base64'),
  Buffer.from(SECRET).subarray(1, 22).toString('base64'),
  ...BODY_FORMS.slice(9),
  HEADER_SECRET,
  HEADER_SECRET.toLowerCase(),
  HEADER_SECRET.slice(0, 9),
  HEADER_SECRET.slice(9),
];

function careless(_request: IncomingMessage, response: ServerResponse) {
  response.writeHead(200, `Echo ${HEADER_SECRET}`, [
    ['content-type', 'application/json'],
    [`x-echo-${HEADER_SECRET}`, 'seen'],
    ['x-part', HEADER_SECRET.slice(0, 9)],
    ['x-part', HEADER_SECRET.slice(9)],
  ]);
  response.end(`{${BODY_FORMS.map((form, at) => `"f${at}":"${form}"`).join(',')}}`);
}

const dataDir = createDataDir();
let app: AppProcess;
let ui: UiApi;
let target: LocalServer;
let endpointId: string;

beforeAll(async () => {
  target = await startLocalServer(careless);
  app = await startAppProcess({ dataDir });
  ui = await openUiApi(app);
  const projectId = (await ui.call('POST', '/api/projects', { name: 'Echo', baseUrl: target.origin })).json.id;
  const environment = (await ui.call('POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json;
  await ui.call('PUT', `/api/environments/${environment.id}/variables`, {
    variables: [
      { key: 'secret', value: SECRET, secret: true },
      { key: 'header_secret', value: HEADER_SECRET, secret: true },
    ],
  });
  await ui.call('PUT', `/api/projects/${projectId}/active-environment`, { environmentId: environment.id });
  const imported = await app.request('POST', '/agent/curl', {
    body: {
      projectId,
      command: `curl '${target.origin}/echo' --json '{"s":"{{secret}}","h":"{{header_secret}}"}'`,
    },
  });
  expect(imported.status, imported.text).toBe(201);
  endpointId = (imported.json as { endpointId: string }).endpointId;
  // The person looked at the agent's request and saved it: from then on a standing permission covers it.
  const endpoint = (await ui.call('GET', `/api/endpoints/${endpointId}`)).json;
  expect((await ui.call('PUT', `/api/endpoints/${endpointId}`, endpoint)).status).toBe(200);
  const allowed = await runClientCommand(['agent', 'allow', '--project', 'echo', '--minutes', '5'], { dataDir });
  expect(allowed.code, allowed.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await target?.close();
  await cleanupAppProcesses();
});

describe('a secret a server echoes back encoded', () => {
  it('is in no form in what an agent gets from a send, nor in what History keeps of it', async () => {
    const sent = await app.request('POST', '/agent/send', { body: { endpointId, timeoutMs: 10_000 } });
    expect(sent.status, sent.text).toBe(200);
    const answer = sent.json as { historyId: string; statusText: string; body: string };
    expect(answer.statusText).toBe('Echo ••••');
    expect(answer.body).toMatch(/^\{"f0":"••••","f1":"••••",/);
    const kept = await ui.call('GET', `/api/history/${answer.historyId}`);
    expect(kept.status).toBe(200);
    expect(kept.text).toContain('••••');
    for (const form of UNREADABLE) {
      expect(sent.text, form).not.toContain(form);
      expect(kept.text, form).not.toContain(form);
    }
  });
});
