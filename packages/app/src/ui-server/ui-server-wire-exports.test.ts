import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  type EndpointBody,
  type EndpointDraft,
  parseQuery,
  toCurlCommand,
  toFetchCode,
  toJavaCode,
  toNodeCode,
  toPythonCode,
} from '@client/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawCapture, type RawRequest, startRawCapture } from './raw-capture.test-support.js';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

/*
 * The exports that run on this machine (cURL with the real curl, the Node.js and fetch scripts with node, the Python
 * script with python3, the Java program with java) against the app's own send, compared on the bytes a raw TCP
 * server read: the request line, the headers, the body. fetch and Java's HttpClient decide a few lines themselves;
 * `Reading` names each of those and reads the app's bytes and theirs alike there.
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

/** How a sender's bytes are read where its library, not the exported code, decides them. */
interface Reading {
  /** Header lines the library writes of its own besides SENDERS_OWN, as `name: value` in lower case. */
  own?: ReadonlySet<string>;
  /** Names compared without their case: the library writes a repeated header under its first spelling. */
  anyCase?: boolean;
  /** A header named twice read as one line of its values joined by ", ", the same field by RFC 9110 §5.3. */
  joined?: boolean;
}

/**
 * fetch joins a repeated header into one line (its Headers cannot hold two) and adds Accept-Language, Sec-Fetch-Mode
 * and Accept-Encoding of its own, which no option takes away.
 */
const FETCH: Reading = {
  own: new Set(['accept-language: *', 'sec-fetch-mode: cors', 'accept-encoding: gzip, deflate']),
  anyCase: true,
  joined: true,
};

/**
 * Java 17's HttpClient says Content-Length: 0 on every request without a body (JDK-8283544), which means the same
 * as none, so a zero length is not compared.
 */
const JAVA: Reading = { own: new Set(['content-length: 0']), anyCase: true };

function comparable(raw: RawRequest | undefined, reading: Reading = {}) {
  const [requestLine = '', ...lines] = raw?.head.split('\r\n') ?? [];
  const headers = lines
    .map((line) => ({ name: line.slice(0, line.indexOf(':')), value: line.slice(line.indexOf(':') + 1).trim() }))
    .filter(({ name, value }) => !SENDERS_OWN.has(name.toLowerCase()) && !(/^accept$/i.test(name) && value === '*/*'))
    .filter(({ name, value }) => !reading.own?.has(`${name.toLowerCase()}: ${value}`))
    .map(({ name, value }, index) => ({
      name: reading.anyCase === true || /^content-length$/i.test(name) ? name.toLowerCase() : name,
      value,
      index,
    }))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.index - b.index);
  const read = reading.joined === true ? joinRepeats(headers) : headers;
  return { requestLine, headers: read.map(({ name, value }) => `${name}: ${value}`), body: raw?.body.toString('hex') };
}

/** Headers sorted by name with each name's values joined into one line, in order. */
function joinRepeats(headers: readonly { name: string; value: string }[]) {
  const joined: { name: string; value: string }[] = [];
  for (const header of headers) {
    const last = joined.at(-1);
    if (last?.name === header.name) last.value = `${last.value}, ${header.value}`;
    else joined.push({ ...header });
  }
  return joined;
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

/** What one way of sending put on the wire, as it came. */
async function captured(send: () => Promise<unknown>): Promise<RawRequest | undefined> {
  capture.received.length = 0;
  await send();
  expect(capture.received).toHaveLength(1);
  return capture.received[0];
}

/** The request the app sends for `generated`, with the lookup its exports resolve variables through. */
async function appSend(generated: Generated) {
  app.store.variables.set(projectId, 'word', generated.word);
  const draft = draftOf(generated);
  const lookup = (name: string) => ({ base_url: capture.origin, word: generated.word })[name];
  const raw = await captured(async () => {
    const answer = await api(app, 'POST', '/api/send', {
      requestId: crypto.randomUUID(),
      projectId,
      endpointId: null,
      environmentId: null,
      request: draft,
    });
    expect(answer.json.outcome, answer.text).toBe('response');
  });
  expect(raw?.head).toMatch(/\?empty=(&|\s)/);
  return { draft, lookup, raw };
}

/**
 * Java programs as one source that runs them in turn, so that one JVM starts (about a second) for all: each
 * program's `Main` renamed, its imports gathered at the top, and a first class, the one `java` launches, calling each.
 */
function oneJavaSource(programs: readonly string[]): string {
  const imports = new Set<string>();
  const classes = programs.map((program, index) =>
    program
      .split('\n')
      .filter((line) => !(line.startsWith('import ') && imports.add(line)))
      .join('\n')
      .replace('public class Main {', `class Send${index} {`),
  );
  const calls = programs.map((_, index) => `    Send${index}.main(args);`);
  return [
    ...imports,
    'public class SendAll {',
    '  public static void main(String[] args) throws Exception {',
    ...calls,
    '  }',
    '}',
    ...classes,
  ].join('\n');
}

/** Runs `send`, which sends every program in turn, and compares each capture with the app's, read as `reading` says. */
async function expectEach<T extends { raw: RawRequest | undefined }>(
  sent: readonly T[],
  reading: Reading,
  program: (item: T) => string,
  send: () => Promise<unknown>,
) {
  capture.received.length = 0;
  await send();
  expect(capture.received).toHaveLength(sent.length);
  sent.forEach((item, index) => {
    expect(comparable(capture.received[index], reading), program(item)).toEqual(comparable(item.raw, reading));
  });
}

describe('the exports that run here', () => {
  it('put on the wire the bytes the app sends: request line, headers, body', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        const { draft, lookup, raw } = await appSend(generated);
        const sent = comparable(raw);

        const curl = toCurlCommand(draft, lookup);
        expect(comparable(await captured(() => run('bash', ['-c', curl]))), curl).toEqual(sent);

        const script = join(scratch, 'send.mjs');
        const code = toNodeCode(draft, lookup);
        await writeFile(script, code ?? '');
        expect(comparable(await captured(() => run(process.execPath, [script]))), code ?? '').toEqual(sent);

        const python = toPythonCode(draft, lookup) ?? '';
        await writeFile(join(scratch, 'send.py'), python);
        expect(comparable(await captured(() => run('python3', [join(scratch, 'send.py')]))), python).toEqual(sent);
      }),
      { numRuns: 15 },
    );
  }, 30_000);

  it('fetch and the Java program put on the wire the bytes the app sends, but for what their libraries decide', async () => {
    // Few requests, each language's programs in one process: starting Java costs about a second, fetch a third.
    const sent: { raw: RawRequest | undefined; fetch: string; java: string }[] = [];
    for (const generated of fc.sample(request, 12)) {
      const { draft, lookup, raw } = await appSend(generated);
      const [fetch, java] = [toFetchCode(draft, lookup), toJavaCode(draft, lookup)];
      expect([fetch, java], JSON.stringify(draft)).not.toContain(null);
      sent.push({ raw, fetch: fetch ?? '', java: java ?? '' });
    }

    const urls = await Promise.all(
      sent.map(async ({ fetch }, index) => {
        const script = join(scratch, `fetch-${index}.mjs`);
        await writeFile(script, fetch);
        return pathToFileURL(script).href;
      }),
    );
    // Each script awaits its response at its top level, so importing them in turn sends them in turn.
    const runner = `for (const script of ${JSON.stringify(urls)}) await import(script);`;
    await expectEach(
      sent,
      FETCH,
      ({ fetch }) => fetch,
      () => run(process.execPath, ['--input-type=module', '-e', runner]),
    );

    await writeFile(join(scratch, 'SendAll.java'), oneJavaSource(sent.map(({ java }) => java)));
    await expectEach(
      sent,
      JAVA,
      ({ java }) => java,
      () => run('java', [join(scratch, 'SendAll.java')]),
    );
  }, 30_000);
});
