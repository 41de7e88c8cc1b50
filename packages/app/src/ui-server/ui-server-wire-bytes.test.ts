import { isSecretName } from '@client/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawCapture, type RawRequest, startRawCapture } from './raw-capture.test-support.js';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

/*
 * What History records as sent against the bytes a raw TCP server read off the socket, with no HTTP parser in
 * between to normalise them: the request line's target, each header line as it came, and the body.
 */

let app: TestApp;
let capture: RawCapture;
let origin: string;
let received: RawRequest[];

beforeAll(async () => {
  app = await startTestApp();
  capture = await startRawCapture();
  ({ origin, received } = capture);
});
afterAll(async () => {
  await capture.close();
  await app.close();
});

const headerName = fc
  .stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/)
  .filter(
    (name) =>
      !isSecretName(name) &&
      !['host', 'connection', 'content-length', 'transfer-encoding', 'expect', 'upgrade', 'keep-alive', 'te'].includes(
        name.toLowerCase(),
      ),
  );
const headerValue = fc.stringMatching(/^[!-~]([ -~]{0,30}[!-~])?$/).filter((value) => !value.includes('{{'));
const queryText = fc.stringMatching(/^[A-Za-z0-9._~-]{0,8}$/);

let projectId: string;

describe('what History records as sent', () => {
  it('is byte for byte what a raw server read: the target, every header line, the body', async () => {
    projectId = (await api(app, 'POST', '/api/projects', { name: 'Bytes', baseUrl: origin })).json.id;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ key: headerName, value: headerValue }), {
          maxLength: 6,
          selector: (header) => header.key.toLowerCase(),
        }),
        // History masks the value of a secret-named param (tested apart); every other one is kept as sent.
        fc.array(fc.record({ key: queryText.filter((key) => key !== '' && !isSecretName(key)), value: queryText }), {
          maxLength: 3,
        }),
        fc.option(
          fc.string({ unit: 'grapheme', maxLength: 60 }).filter((text) => !text.includes('{{')),
          {
            nil: null,
          },
        ),
        async (headers, queryParams, text) => {
          received.length = 0;
          const answer = await api(app, 'POST', '/api/send', {
            requestId: crypto.randomUUID(),
            projectId,
            endpointId: null,
            environmentId: null,
            request: {
              name: 'bytes',
              method: text === null ? 'GET' : 'PUT',
              path: '/items/1',
              queryParams,
              headers,
              body: text === null ? { mode: 'none' } : { mode: 'text', text },
              auth: { type: 'none' },
              state: 'Designing',
            },
          });
          expect(answer.json.outcome, answer.text).toBe('response');
          const history = (await api(app, 'GET', `/api/history/${answer.json.historyId}`)).json;
          const [raw] = received;
          const [requestLine = '', ...lines] = raw?.head.split('\r\n') ?? [];
          const target = requestLine.split(' ')[1] ?? '';
          expect(`${origin}${target}`).toBe(history.url);
          const wireHeaders = lines
            .map((line) => ({ key: line.slice(0, line.indexOf(':')), value: line.slice(line.indexOf(':') + 1).trim() }))
            // The connection header is the transport's own; everything else is the request.
            .filter((header) => header.key.toLowerCase() !== 'connection');
          expect(history.requestHeaders).toEqual(wireHeaders);
          expect(Buffer.from(history.requestBody ?? '', 'utf8').equals(raw?.body ?? Buffer.alloc(1))).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});
