import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  type EndpointBody,
  type EndpointDraft,
  parseQuery,
  toCurlCommand,
  toNodeCode,
  toPythonCode,
} from '@client/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawCapture, type RawRequest, startRawCapture } from './raw-capture.test-support.js';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

/*
 * The exports that run on this machine (cURL with the real curl, the Node.js script with node, the Python script
 * with python3) against the app's own send, compared on the bytes a raw TCP server read: the request line, the headers, the body.
 */

const run = promisify(execFile);

let app: TestApp;
let capture: RawCapture;
let scratch: string;
let projectId: string;

beforeAll(async () => {
  app = await startTestApp();
  capture = await startRawCapture();
  scratch = await mkdtemp(join(tmpdir(), 'client-exports-'));
  projectId = (await api(app, 'POST', '/api/projects', { name: 'Exports', baseUrl: capture.origin })).json.id;
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await capture.close();
  await app.close();
});

/**
 * Header lines a sender writes of its own and that the request does not decide: each program names itself
 * (User-Agent), writes the connection it keeps (Connection), the Host of the same URL at its own place, and
 * curl adds an Accept for any type where the request sets no Accept. What is left, compared per name in order (the
 * programs place the auth header apart from the others), is the request's: its own headers, repeats included,
 * the Content-Type, the Authorization and the Content-Length, whose name each program writes in its own case.
 */
const SENDERS_OWN = new Set(['user-agent', 'connection', 'host']);

function comparable(raw: RawRequest | undefined) {
  const [requestLine = '', ...lines] = raw?.head.split('\r\n') ?? [];
  const headers = lines
    .map((line) => ({ name: line.slice(0, line.indexOf(':')), value: line.slice(line.indexOf(':') + 1).trim() }))
    .filter(({ name, value }) => !SENDERS_OWN.has(name.toLowerCase()) && !(/^accept$/i.test(name) && value === '*/*'))
    .map((header, index) => ({ ...header, index }))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.index - b.index)
    .map(({ name, value }) => `${/^content-length$/i.test(name) ? 'content-length' : name}: ${value}`);
  return { requestLine, headers, body: raw?.body.toString('hex') };
}

/** Text with what breaks a URL or a form when left as typed: spaces, non-ASCII, `+`, `*`, `~`, quotes. */
const odd = (maxLength: number) =>
  fc
    .array(
      fc.constantFrom('a', 'Z', '0', ' ', 'é', '中', '😀', '~', '*', '-', '.', '_', '!', "'", '(', ':', '@', '$'),
      {
        maxLength,
      },
    )
    .map((characters) => characters.join(''));
const queryPart = fc.oneof(odd(6), fc.constant('{{word}}'));

const body: fc.Arbitrary<EndpointBody> = fc.oneof(
  fc
    .tuple(fc.constantFrom('1.50', '1e3', '-0.0', '10.000', '2'), odd(8))
    .map(
      ([number, text]): EndpointBody => ({ mode: 'json', text: `{"amount": ${number}, "note": "${text} {{word}}"}` }),
    ),
  fc
    .array(fc.record({ key: fc.oneof(odd(5), fc.constant('a b')), value: fc.oneof(odd(6), fc.constant('{{word}}')) }), {
      minLength: 1,
      maxLength: 3,
    })
    .map(
      (fields): EndpointBody => ({ mode: 'urlencoded', fields: fields.map((field) => ({ ...field, enabled: true })) }),
    ),
  fc
    .string({ unit: 'grapheme', maxLength: 40 })
    .filter((text) => !text.includes('{{') && !text.includes('\0'))
    .map((text): EndpointBody => ({ mode: 'text', text })),
);

const request = fc.record({
  body: fc.option(body, { nil: null }),
  bodyMethod: fc.constantFrom('POST', 'PUT', 'PATCH'),
  plainMethod: fc.constantFrom('GET', 'DELETE', 'POST', 'OPTIONS'),
  segments: fc.array(fc.oneof(odd(6), fc.constant('{{word}}')), { minLength: 1, maxLength: 3 }),
  query: fc.array(fc.record({ key: queryPart, value: queryPart }), { maxLength: 3 }),
  // Names from a short list, so a name often comes twice (and in two cases).
  headers: fc.array(
    fc.record({
      key: fc.constantFrom('X-Tag', 'x-tag', 'X-Trace'),
      value: fc.stringMatching(/^[!-~]([ -~]{0,12}[!-~])?$/).filter((value) => !value.includes('{{')),
    }),
    { maxLength: 4 },
  ),
  basic: fc.option(fc.record({ username: odd(5).filter((name) => !name.includes(':')), password: odd(8) }), {
    nil: null,
  }),
  word: odd(6).map((text) => `${text} &=é`),
});

type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

function draftOf(generated: Generated): EndpointDraft {
  const query = parseQuery(
    ['empty=', ...generated.query.filter(({ key }) => key !== '').map(({ key, value }) => `${key}=${value}`)].join('&'),
  );
  return {
    name: 'exports',
    method: generated.body === null ? generated.plainMethod : generated.bodyMethod,
    path: `/${generated.segments.join('/')}`,
    queryParams: query,
    headers: generated.headers,
    body: generated.body ?? { mode: 'none' },
    auth: generated.basic === null ? { type: 'none' } : { type: 'basic', ...generated.basic },
    state: 'Designing',
  } as EndpointDraft;
}

/** What one way of sending put on the wire. */
async function captured(send: () => Promise<unknown>) {
  capture.received.length = 0;
  await send();
  expect(capture.received).toHaveLength(1);
  return comparable(capture.received[0]);
}

describe('the exports that run here', () => {
  it('put on the wire the bytes the app sends: request line, headers, body', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        app.store.variables.set(projectId, 'word', generated.word);
        const draft = draftOf(generated);
        const lookup = (name: string) => ({ base_url: capture.origin, word: generated.word })[name];
        const sent = await captured(async () => {
          const answer = await api(app, 'POST', '/api/send', {
            requestId: crypto.randomUUID(),
            projectId,
            endpointId: null,
            environmentId: null,
            request: draft,
          });
          expect(answer.json.outcome, answer.text).toBe('response');
        });
        expect(sent.requestLine).toMatch(/\?empty=(&|\s)/);

        const curl = toCurlCommand(draft, lookup);
        expect(await captured(() => run('bash', ['-c', curl])), curl).toEqual(sent);

        const script = join(scratch, 'send.mjs');
        const code = toNodeCode(draft, lookup);
        await writeFile(script, code ?? '');
        expect(await captured(() => run(process.execPath, [script])), code ?? '').toEqual(sent);

        const python = toPythonCode(draft, lookup) ?? '';
        await writeFile(join(scratch, 'send.py'), python);
        expect(await captured(() => run('python3', [join(scratch, 'send.py')])), python).toEqual(sent);
      }),
      { numRuns: 15 },
    );
  }, 30_000);
});
