import { domainToASCII } from 'node:url';
import { type AgentSendRequest, AppError, type EndpointDraft } from '@client/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTargetServer, startTestApp, type TestApp } from '../ui-server/ui-server.test-support.js';

const SECRET = '{{stripe_key}}';

let app: TestApp;
let target: Awaited<ReturnType<typeof startTargetServer>>;
let projectId: string;
let environmentId: string;

/** A careless server: everything it got comes back, plain, percent-encoded and base64, in its body and headers. */
beforeAll(async () => {
  app = await startTestApp({ sendTimeoutMs: 2000 });
  target = await startTargetServer((request, response) => {
    const everything = JSON.stringify({ url: request.url, headers: request.headers, body: request.body });
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-echo', encodeURIComponent(everything));
    response.end(
      JSON.stringify({
        everything,
        encoded: encodeURIComponent(everything),
        base64: Buffer.from(everything).toString('base64'),
      }),
    );
  });
  projectId = app.store.projects.create({ name: 'Shop' }).id;
  app.store.variables.set(projectId, 'base_url', target.origin);
  environmentId = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json.id;
  await api(app, 'PUT', `/api/projects/${projectId}/active-environment`, { environmentId });
  // Agents may send without asking: what is checked is what comes back, not the prompt.
  app.store.agentPermissions.allowProject(projectId, new Date(Date.now() + 3_600_000).toISOString());
});
afterAll(async () => {
  await target.close();
  await app.close();
});

/** Every place a request holds text, each with the secret variable written into it (`at` is what surrounds it). */
const PLANTS: Record<string, (at: (text: string) => string) => Partial<EndpointDraft>> = {
  path: (at) => ({ path: `/orders/${at(SECRET)}` }),
  ownUrl: (at) => ({ path: `${target.origin}/${at(SECRET)}` }),
  host: (at) => ({ path: `http://${at(SECRET)}.localhost:${new URL(target.origin).port}/` }),
  ownUrlUserinfo: (at) => ({ path: `http://${at(SECRET)}@127.0.0.1:${new URL(target.origin).port}/` }),
  queryKey: (at) => ({ queryParams: [{ key: at(SECRET), value: '1' }] }),
  queryValue: (at) => ({ queryParams: [{ key: 'q', value: at(SECRET) }] }),
  headerName: (at) => ({ headers: [{ key: at(SECRET), value: '1' }] }),
  headerValue: (at) => ({ headers: [{ key: 'X-Note', value: at(SECRET) }] }),
  json: (at) => ({ body: { mode: 'json', text: `{"key":"${at(SECRET)}"}` } }),
  text: (at) => ({ body: { mode: 'text', text: at(SECRET) } }),
  formKey: (at) => ({ body: { mode: 'urlencoded', fields: [{ key: at(SECRET), value: '1' }] } }),
  formValue: (at) => ({ body: { mode: 'urlencoded', fields: [{ key: 'k', value: at(SECRET) }] } }),
  partName: (at) => ({ body: { mode: 'multipart', parts: [{ name: at(SECRET), value: '1' }] } }),
  partValue: (at) => ({ body: { mode: 'multipart', parts: [{ name: 'p', value: at(SECRET) }] } }),
  partFile: (at) => ({ body: { mode: 'multipart', parts: [{ name: 'f', file: at(SECRET) }] } }),
  partFileAbsolute: (at) => ({ body: { mode: 'multipart', parts: [{ name: 'f', file: `/nowhere/${at(SECRET)}` }] } }),
  file: (at) => ({ body: { mode: 'file', path: at(SECRET) } }),
  fileAbsolute: (at) => ({ body: { mode: 'file', path: `/nowhere/${at(SECRET)}` } }),
  basicUser: (at) => ({ auth: { type: 'basic', username: at(SECRET), password: 'p' } }),
  basicPassword: (at) => ({ auth: { type: 'basic', username: 'ada', password: at(SECRET) } }),
  digestPassword: (at) => ({ auth: { type: 'digest', username: 'ada', password: at(SECRET) } }),
  bearer: (at) => ({ auth: { type: 'bearer', token: at(SECRET) } }),
  apiKeyHeader: (at) => ({ auth: { type: 'apiKey', key: 'X-Key', value: at(SECRET), in: 'header' } }),
  apiKeyQuery: (at) => ({ auth: { type: 'apiKey', key: 'key', value: at(SECRET), in: 'query' } }),
  caFile: (at) => ({ settings: { caFile: at(SECRET) } }),
  certFile: (at) => ({ settings: { clientCertFile: `/nowhere/${at(SECRET)}` } }),
  keyFile: (at) => ({ settings: { clientCertFile: '/nowhere/cert.pem', clientKeyFile: at(SECRET) } }),
  proxy: (at) => ({ settings: { proxy: { mode: 'url', url: `http://${at(SECRET)}@127.0.0.1:1`, noProxy: '' } } }),
};

function endpoint(plant: Partial<EndpointDraft>): string {
  const draft: EndpointDraft = {
    name: 'orders',
    method: 'POST',
    path: '/orders',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    ...plant,
  };
  return app.store.endpoints.create(projectId, null, draft).id;
}

function sendRequest(endpointId: string): AgentSendRequest {
  return { endpointId, environmentId: null, overrides: { query: [], headers: [], body: null }, timeoutMs: 2000 };
}

/** Everything the agent is told about a send: its answer, or its error's code and message. */
async function toldAgent(endpointId: string): Promise<string> {
  try {
    return JSON.stringify(await app.ui.sendForAgent(sendRequest(endpointId)));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return JSON.stringify(error.toJSON());
  }
}

/** `text` with every percent-encoded run decoded that decodes: a URL, or a part of one, as a reader would see it. */
function percentDecoded(text: string): string {
  return text.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** The forms a secret can be told in: as is, percent-encoded, base64, JSON-escaped. */
function formsOf(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
  return secret.length >= 8 ? [...forms, Buffer.from(secret, 'utf8').toString('base64')] : forms;
}

/** Secret values of every sort: tokens, and text with URL, JSON, path and non-ASCII characters in it. */
const secretValue = fc
  .string({
    unit: fc.constantFrom(...'abcXYZ019_-.~ /\\%&=+?#"\'<>:@;,ü日'.split('')),
    minLength: 6,
    maxLength: 24,
  })
  .map((text) => `sk_live_${text}`);

describe('an agent sending an endpoint that holds a secret variable', () => {
  it('is never told the secret, in any form, by any field the secret is written in', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretValue,
        fc.constantFrom(...Object.keys(PLANTS)),
        fc.constantFrom(
          (text: string) => text,
          (text: string) => `a${text}z`,
        ),
        async (secret, field, at) => {
          await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
            variables: [{ key: 'stripe_key', value: secret, secret: true }],
          });
          const plant = PLANTS[field];
          if (plant === undefined) throw new Error(`no field ${field}`);
          const told = await toldAgent(endpoint(plant(at)));
          for (const form of formsOf(secret)) expect(told, `${field} told ${told}`).not.toContain(form);
          // In a host, as the URL parser writes a name that is not ASCII.
          const punycode = domainToASCII(at(secret));
          if (punycode.startsWith('xn--')) expect(told, `${field} told ${told}`).not.toContain(punycode);
          expect(percentDecoded(told).toLowerCase(), `${field} told ${told}`).not.toContain(secret.toLowerCase());
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it.each([
    ['-d @', 'curl -X POST https://x.test/a -d @{{stripe_key}}'],
    ['--data-binary @', 'curl -X POST https://x.test/a --data-binary @{{stripe_key}}'],
    ['--json @', 'curl -X POST https://x.test/a --json @{{stripe_key}}'],
    ['-T', 'curl -X POST https://x.test/a -T {{stripe_key}}'],
    ['-F f=@', 'curl -X POST https://x.test/a -F f=@{{stripe_key}}'],
  ])('names the file of a cURL %s as written, {{stripe_key}}, and not its value', async (_flag, command) => {
    const secret = 'sk_live_51HxQpLkTz';
    await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
      variables: [{ key: 'stripe_key', value: secret, secret: true }],
    });
    const { endpointId } = app.agentImport(command, projectId);
    const told = JSON.parse(await toldAgent(endpointId));
    expect(told).toEqual({
      code: 'VALIDATION',
      message:
        'the endpoint cannot be sent: the file {{stripe_key}} is a relative path; pick the file in the body editor',
    });
  });
});
