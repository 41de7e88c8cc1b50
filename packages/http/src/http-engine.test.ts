import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, DEFAULT_REQUEST_SETTINGS, type EndpointDraft, type TokenStatus } from '@client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GrantTokenVault, HttpEngine, historyScrubber, type PreparedRequest, VariableScope } from './index.js';

const NO_TOKENS: GrantTokenVault = {
  status: (): TokenStatus => ({ hasToken: false, expiresAt: null, refreshable: false, obtainedAt: null }),
  open: async () => undefined,
  keep: async () => undefined,
  forget: () => false,
};
const jars = new Map<string, string>();
const engine = new HttpEngine({
  userAgent: 'Client/test',
  tokens: NO_TOKENS,
  cookies: { get: (id) => jars.get(id), set: (id, json) => jars.set(id, json) },
});
const limits = { displayBytes: 1024, readLimitBytes: 4096 };
const seen: IncomingMessage[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    if (request.url === '/slow') return; // never answers: the send is cancelled or times out
    response.setHeader('set-cookie', 'sid=1; Path=/');
    response.end(`echo ${request.headers['x-key'] ?? ''}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await Promise.all([engine.close(), new Promise((resolve) => server.close(resolve))]);
});

function draft(extra: Partial<EndpointDraft> = {}): PreparedRequest['request'] {
  return {
    name: 'e',
    method: 'GET',
    path: '/echo',
    queryParams: [],
    headers: [{ key: 'X-Key', value: '{{key}}' }],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    ...extra,
  } as PreparedRequest['request'];
}

const scope = () =>
  VariableScope.layered([{ key: 'base_url', value: origin }], [{ key: 'key', value: 'p4ssw0rd-x', secret: true }]);
const settings = (timeoutMs = 5000) => ({ ...DEFAULT_REQUEST_SETTINGS, timeoutMs });

describe('the sending engine', () => {
  it('names a file, a header, a token URL and a URL it refuses as written, never with a secret variable resolved', async () => {
    const refusal = (extra: Partial<EndpointDraft>) =>
      engine.prepare(draft(extra), scope(), settings()).then(
        () => 'prepared',
        (error: unknown) => (error instanceof AppError ? error.message : String(error)),
      );
    expect(await refusal({ body: { mode: 'file', path: '{{key}}' }, method: 'POST' })).toBe(
      'the file {{key}} is a relative path; pick the file in the body editor',
    );
    expect(await refusal({ body: { mode: 'file', path: '/nowhere/{{key}}' }, method: 'POST' })).toBe(
      'the file /nowhere/{{key}} cannot be read (ENOENT); pick a file that exists',
    );
    expect(await refusal({ headers: [{ key: 'X {{key}}', value: '1' }] })).toBe(
      'the header "X {{key}}" has a name or value HTTP does not allow; fix it',
    );
    const tokenless = draft({
      auth: { type: 'oauth2', tokenUrl: 'http://127.0.0.1:1/{{key}}', clientId: 'c', clientSecret: 's', scope: '' },
    });
    const notSent = await engine.send(await engine.prepare(tokenless, scope(), settings()), {
      jar: null,
      projectId: 'p1',
      limits,
    });
    expect(notSent).toMatchObject({
      kind: 'not-sent',
      message: expect.stringContaining(
        'could not get an access token from http://127.0.0.1:1/{{key}} ("http://127.0.0.1:1/••••"): ',
      ),
    });
    expect(JSON.stringify(notSent)).not.toContain('p4ssw0rd-x');
    expect(await refusal({ path: 'http://{{key}} x/' })).toBe(
      'the URL http://{{key}} x/ ("http://•••• x/") is not a valid URL; check base_url and the path',
    );
  });

  it('sends what it prepared, keeps the cookies it is given a jar for, and masks secrets in the record', async () => {
    const prepared = await engine.prepare(draft(), scope(), settings());
    expect(prepared.outgoing.record.headers).toContainEqual({ key: 'X-Key', value: '••••' });
    const jar = await engine.cookies.of('p1');
    const outcome = await engine.send(prepared, { jar, projectId: 'p1', limits });
    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
    expect(outcome.kind === 'response' && outcome.body.text).toBe('echo p4ssw0rd-x');
    expect(historyScrubber(prepared)('echo p4ssw0rd-x')).toBe('echo ••••');
    expect(jar.headerFor(new URL(origin))).toBe('sid=1');
    expect(JSON.parse(jars.get('p1') ?? '{}').cookies).toHaveLength(1);
  });

  it('sends a path that starts with a variable holding a whole URL to that URL, not after base_url', async () => {
    const seenBefore = seen.length;
    const elsewhere = VariableScope.layered(
      [{ key: 'base_url', value: 'http://base-url.invalid:5599' }],
      [{ key: 'tls_host', value: origin, secret: false }],
    );
    const prepared = await engine.prepare(draft({ path: '{{tls_host}}/echo', headers: [] }), elsewhere, settings());
    expect(prepared.outgoing.url.href).toBe(`${origin}/echo`);
    expect(prepared.outgoing.record.url).toBe(`${origin}/echo`);
    const outcome = await engine.send(prepared, { jar: null, projectId: 'p1', limits });
    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
    expect(seen.slice(seenBefore).map((request) => request.url)).toEqual(['/echo']);
  });

  it('refuses to build a GET with a body, or a URL that uses a variable nothing defines', async () => {
    const withBody = engine.prepare(draft({ body: { mode: 'text', text: 'x' } }), scope(), settings());
    await expect(withBody).rejects.toThrow(/cannot carry a body/);
    const undefinedHost = engine.prepare(draft({ path: '/{{nowhere}}' }), scope(), settings());
    await expect(undefinedHost).rejects.toBeInstanceOf(AppError);
  });

  it('tells a cancelled send from one that timed out, and one whose auth could not be written', async () => {
    const cancel = new AbortController();
    const slow = await engine.prepare(draft({ path: '/slow' }), scope(), settings());
    const cancelled = engine.send(slow, { jar: null, projectId: 'p1', signal: cancel.signal, limits });
    await expect.poll(() => seen.filter((request) => request.url === '/slow').length).toBe(1);
    cancel.abort();
    expect(await cancelled).toMatchObject({ kind: 'cancelled' });

    const timedOut = await engine.prepare(draft({ path: '/slow' }), scope(), settings(200));
    expect(await engine.send(timedOut, { jar: null, projectId: 'p1', limits })).toMatchObject({
      kind: 'failed',
      message: 'no complete response within 200 ms; the request was given up',
    });

    const unsigned = draft({
      auth: { type: 'awsSigV4', accessKeyId: '', secretAccessKey: '', sessionToken: '', region: '', service: '' },
    });
    const before = seen.length;
    const notSent = await engine.send(await engine.prepare(unsigned, scope(), settings()), {
      jar: null,
      projectId: 'p1',
      limits,
    });
    expect(notSent).toMatchObject({ kind: 'not-sent', message: expect.stringContaining('AWS Signature v4 needs') });
    expect(seen.length).toBe(before);
  });
});
