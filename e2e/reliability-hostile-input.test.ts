import { ERROR_STATUS, type ErrorCode } from '@client/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';
import { rowCounts } from './support/reliability-database.js';
import { type RawResponse, rawExchange, rawRequest } from './support/reliability-raw-http.js';

/*
 * Hostile requests against a real app: whatever arrives, the answer is a `{code, message}` 4xx, the app keeps
 * running and a refused request writes nothing. The token, Host, Origin, size and media-type rules one by one
 * are pinned in control-plane-security.test.ts; here they are mixed with malformed bodies, generated.
 */

let app: AppProcess;
let port: number;

beforeAll(async () => {
  app = await startAppProcess();
  port = app.port ?? 0;
});
afterAll(cleanupAppProcesses);

const NOTHING_STORED = { projects: 0, project_variables: 0, folders: 0, endpoints: 0 };
const MIB = 1024 * 1024;

/**
 * The code each refusal status carries: the control plane's codes (docs/ARCHITECTURE.md#the-control-plane), plus what Node refuses before there is a request
 * to route (a deadline missed, headers too large), which the control plane answers as VALIDATION. A hostile
 * request is never an agent's send the person answered, so 403 is FORBIDDEN (not DENIED).
 */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  ...Object.fromEntries(Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode])),
  403: 'FORBIDDEN',
  408: 'VALIDATION',
  431: 'VALIDATION',
};

function expectRefusal(response: RawResponse | undefined, statuses: readonly number[]): void {
  expect(response, 'an answer').toBeDefined();
  const { status, json } = response as RawResponse;
  expect(statuses).toContain(status);
  expect(json).toEqual({ code: CODE_OF_STATUS[status], message: expect.stringMatching(/\S/) });
}

async function expectRunningAndUnchanged(): Promise<void> {
  expect(app.child.exitCode).toBeNull();
  expect((await app.request('GET', '/agent/health')).status).toBe(200);
  expect(rowCounts(app.dataDir)).toEqual(NOTHING_STORED);
}

/** A request being made hostile: everything a valid import has, until a defect takes something away. */
interface RequestDraft {
  method: string;
  path: string;
  headers: Record<string, string | null>;
  body: Buffer;
}

interface Defect {
  name: string;
  /** The status that refuses it. */
  status: number;
  apply(draft: RequestDraft): void;
}

const jsonBody = (value: unknown) => Buffer.from(JSON.stringify(value));
const defect = (name: string, status: number, apply: (draft: RequestDraft) => void): Defect => ({
  name,
  status,
  apply,
});

/** Every way the generator spoils a valid import; each one alone gets the request refused. */
const defects: fc.Arbitrary<Defect>[] = [
  fc.constant(defect('no token', 401, (draft) => Object.assign(draft.headers, { authorization: null }))),
  fc.uuid().map((wrong) => defect('wrong token', 401, (draft) => (draft.headers.authorization = `Bearer ${wrong}`))),
  fc.constantFrom('token', 'access_token', 'x-agent-token').map((name) =>
    defect('token in the query string', 401, (draft) => {
      draft.path = `${draft.path}?${name}=${app.token}`;
      draft.headers.authorization = null;
    }),
  ),
  fc.constant(
    defect('token under another scheme', 401, (draft) => {
      draft.headers.authorization = `Basic ${Buffer.from(app.token).toString('base64')}`;
    }),
  ),
  fc
    .constantFrom('evil.example', 'evil.example:PORT', '127.0.0.1:1', 'localhost', '127.0.0.1.evil.example:PORT')
    .map((host) => defect('foreign Host', 403, (draft) => (draft.headers.host = host.replace('PORT', String(port))))),
  fc.constant(defect('no Host', 403, (draft) => (draft.headers.host = null))),
  fc
    .constantFrom('https://evil.example', 'null', 'http://127.0.0.1:PORT')
    .map((origin) => defect('Origin', 403, (draft) => (draft.headers.origin = origin.replace('PORT', String(port))))),
  fc
    .constantFrom('/agent/curls', '/agent', '/', '/agent/curl/extra', '/AGENT/CURL', '/agent/endpoints')
    .map((path) => defect('unknown path', 404, (draft) => (draft.path = path))),
  fc
    .constantFrom('GET', 'PUT', 'DELETE', 'PATCH')
    .map((method) => defect('method', 405, (draft) => (draft.method = method))),
  fc
    .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/jsonp', null)
    .map((type) => defect('Content-Type', 415, (draft) => (draft.headers['content-type'] = type))),
  fc
    .integer({ min: 1, max: 30 })
    .map((cut) =>
      defect('malformed JSON', 400, (draft) => (draft.body = draft.body.subarray(0, draft.body.length - cut))),
    ),
  fc
    .oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }))
    .map((value) => defect('JSON that is not an object', 400, (draft) => (draft.body = jsonBody(value)))),
  fc
    .oneof(fc.integer(), fc.constant(null), fc.constant(true), fc.dictionary(fc.string(), fc.string()))
    .map((command) => defect('command not a string', 400, (draft) => (draft.body = jsonBody({ command })))),
  fc
    .constantFrom(
      '',
      '   ',
      'wget https://a.example',
      'curl',
      "curl 'https://a.example",
      'curl https://a.example && ls',
    )
    .map((command) => defect('not one curl command', 400, (draft) => (draft.body = jsonBody({ command })))),
  fc.integer({ min: 1_000, max: 200_000 }).map((depth) =>
    defect('deep nesting', 400, (draft) => {
      draft.body = Buffer.from(`{"command":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    }),
  ),
  fc.constant(
    defect('2 MiB body', 413, (draft) => {
      draft.body = jsonBody({ command: `curl https://a.example -d '${'x'.repeat(2 * MIB)}'` });
    }),
  ),
  fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]).map((bytes) =>
    defect('invalid UTF-8', 400, (draft) => {
      draft.body = Buffer.concat([
        Buffer.from('{"command":"curl https://a.example/'),
        Buffer.from(bytes),
        Buffer.from('"}'),
      ]);
    }),
  ),
  fc.constant(
    defect('raw NUL in the JSON', 400, (draft) => {
      draft.body = Buffer.from('{"command":"curl https://a.example/\u0000"}');
    }),
  ),
];

/** Printable noise headers that change nothing about whether a request is acceptable. */
const noise = fc.dictionary(
  fc.stringMatching(/^x-[a-z]{1,8}$/),
  fc.stringMatching(/^[ -~]{0,40}$/).map((value) => value.trim()),
  { maxKeys: 3 },
);

function validDraft(): RequestDraft {
  return {
    method: 'POST',
    path: '/agent/curl',
    headers: {
      host: `127.0.0.1:${port}`,
      authorization: `Bearer ${app.token}`,
      'content-type': 'application/json',
    },
    body: jsonBody({ command: 'curl https://api.example.com/items', name: 'hostile' }),
  };
}

describe('hostile requests, generated', () => {
  it('refuses every request with at least one defect with a {code, message} 4xx that names one of them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.oneof(...defects), { minLength: 1, maxLength: 3, selector: (d) => d.name }),
        noise,
        async (chosen, extra) => {
          const draft = validDraft();
          for (const spoil of chosen) spoil.apply(draft);
          const headers = {
            ...extra,
            ...draft.headers,
            'content-length': String(draft.body.length),
            connection: 'close',
          };
          const { responses } = await rawExchange(port, rawRequest(draft.method, draft.path, headers, draft.body));
          expect(responses).toHaveLength(1);
          expectRefusal(
            responses[0],
            chosen.map((spoil) => spoil.status),
          );
        },
      ),
      { numRuns: 150 },
    );
    await expectRunningAndUnchanged();
  });
});

describe('hostile requests, hand-picked', () => {
  const base = () => ({ host: `127.0.0.1:${port}`, authorization: `Bearer ${app.token}` });

  it.each<[string, () => Buffer, number]>([
    ['headers over 16 KiB', () => rawRequest('GET', '/agent/health', { ...base(), 'x-big': 'a'.repeat(20_000) }), 431],
    ['a NUL byte in a header', () => rawRequest('GET', '/agent/health', { ...base(), 'x-nul': 'a\u0000b' }), 400],
    ['a NUL byte in the path', () => rawRequest('GET', '/agent/he\u0000alth', base()), 400],
    ['a request line that is not HTTP', () => Buffer.from('HELLO THERE\r\n\r\n'), 400],
    [
      'invalid UTF-8 in the path',
      () =>
        Buffer.concat([
          Buffer.from('GET /agent/endpoints/'),
          Buffer.from([0xff, 0xfe]),
          Buffer.from(' HTTP/1.1\r\n\r\n'),
        ]),
      400,
    ],
    [
      'a Content-Length that is not a number',
      () =>
        rawRequest('POST', '/agent/curl', { ...base(), 'content-type': 'application/json', 'content-length': 'ten' }),
      400,
    ],
    [
      'Content-Length and Transfer-Encoding together',
      () =>
        rawRequest(
          'POST',
          '/agent/curl',
          { ...base(), 'content-type': 'application/json', 'content-length': '5', 'transfer-encoding': 'chunked' },
          '0\r\n\r\n',
        ),
      400,
    ],
    [
      'a 2 MiB body with Content-Length',
      () =>
        rawRequest(
          'POST',
          '/agent/curl',
          { ...base(), 'content-type': 'application/json', 'content-length': String(2 * MIB) },
          'x'.repeat(2 * MIB),
        ),
      413,
    ],
    [
      'a 2 MiB chunked body',
      () =>
        rawRequest(
          'POST',
          '/agent/curl',
          { ...base(), 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          `200000\r\n${'x'.repeat(2 * MIB)}\r\n0\r\n\r\n`,
        ),
      413,
    ],
    [
      'a JSON body nested 500,000 deep',
      () =>
        rawRequest(
          'POST',
          '/agent/curl',
          { ...base(), 'content-type': 'application/json', 'content-length': String(1_000_000) },
          `${'['.repeat(500_000)}${']'.repeat(500_000)}`,
        ),
      400,
    ],
  ])('answers %s with a {code, message} %i and stays up', async (_name, request, status) => {
    const { responses } = await rawExchange(port, request());
    expect(responses).toHaveLength(1);
    expectRefusal(responses[0], [status]);
    await expectRunningAndUnchanged();
  });

  it('answers pipelined requests in order, each refused one in the {code, message} shape', async () => {
    const json = { ...base(), 'content-type': 'application/json' };
    const body = JSON.stringify({ command: 'curl https://api.example.com/items' });
    const { responses, trailing } = await rawExchange(port, [
      rawRequest('GET', '/agent/health', base()),
      rawRequest(
        'POST',
        '/agent/curl',
        { ...json, authorization: 'Bearer nope', 'content-length': String(body.length) },
        body,
      ),
      rawRequest(
        'POST',
        '/agent/curl',
        { ...json, origin: 'https://evil.example', 'content-length': String(body.length) },
        body,
      ),
      rawRequest('GET', '/agent/projects', { ...base(), connection: 'close' }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 401, 403, 200]);
    expectRefusal(responses[1], [401]);
    expectRefusal(responses[2], [403]);
    expect([responses[3]?.json, trailing]).toEqual([[], '']);
    await expectRunningAndUnchanged();
  });

  it('closes a pipelined connection at the first request that is not HTTP, answering it with a 400', async () => {
    const { responses, trailing } = await rawExchange(port, [
      rawRequest('GET', '/agent/health', base()),
      Buffer.from('GARBAGE\r\n\r\n'),
      rawRequest('GET', '/agent/health', base()),
    ]);
    // The requests before the garbage may or may not have been answered when the parser meets it.
    expect(responses.length).toBeGreaterThanOrEqual(1);
    for (const response of responses.slice(0, -1)) expect(response.status).toBe(200);
    expectRefusal(responses.at(-1), [400]);
    expect(trailing).toBe('');
    await expectRunningAndUnchanged();
  });

  it('never imports when the token is presented anywhere but the two headers', async () => {
    const body = JSON.stringify({ command: 'curl https://api.example.com/items' });
    for (const [path, headers] of [
      [`/agent/curl?token=${app.token}`, {}],
      ['/agent/curl', { cookie: `token=${app.token}` }],
      ['/agent/curl', { 'x-token': app.token }],
      ['/agent/curl', { authorization: app.token }],
      [`/agent/curl#${app.token}`, {}],
    ] as const) {
      const request = rawRequest(
        'POST',
        path,
        {
          host: `127.0.0.1:${port}`,
          'content-type': 'application/json',
          'content-length': String(body.length),
          ...headers,
        },
        body,
      );
      const { responses } = await rawExchange(port, request);
      expectRefusal(responses[0], [400, 401]);
    }
    await expectRunningAndUnchanged();
  });
});
