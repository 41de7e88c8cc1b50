import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from './support/app-process.js';
import { describeViolations, seriousViolations } from './support/axe.js';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

/** An OpenAI-style chat completion chunk carrying `content`. */
const delta = (id: number, content: string) =>
  `id: ${id}\nevent: completion\ndata: ${JSON.stringify({ id: 'chatcmpl-1', choices: [{ index: 0, delta: { content } }] })}\n\n`;

let session: UiSession;
let app: AppProcess;
let page: Page;
let server: LocalServer;
/** The chat stream the server holds open until the test writes to it. */
let chat: ServerResponse | null = null;
/** A slow plain-text answer sent without a length, held open until the test ends it. */
let log: ServerResponse | null = null;

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    if (request.url === '/log') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('building step 1\n');
      log = response;
      return;
    }
    if (request.url === '/lines') {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.end('{"n":1}\n{"n":2}\n{"n":3}\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    response.write(delta(1, 'Hello'));
    if (request.url === '/chat') chat = response;
    else response.end(`${delta(2, ' agent')}data: [DONE]\n\n`);
  });
  session = await openUiSession();
  ({ app, page } = session);
  for (const name of ['chat', 'lines', 'done', 'log']) {
    await app.request('POST', '/agent/curl', { body: { command: `curl ${server.origin}/${name}`, name } });
  }
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

const rows = () => page.getByRole('list', { name: 'Events' }).getByTestId('stream-row');

async function sendEndpoint(name: string): Promise<void> {
  await page.getByRole('treeitem', { name: `GET ${name}` }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

describe('a streamed answer in the window', () => {
  it('shows server-sent events as they arrive, their text, and the raw stream, until Stop closes it', async () => {
    await sendEndpoint('chat');
    await page.getByText('Receiving…').waitFor();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('completion');

    chat?.write(delta(2, ', world'));
    chat?.write('event: usage\ndata: {"tokens":3}\n\n');
    await expect.poll(() => rows().count()).toBe(3);
    expect(await page.getByTestId('stream-count').textContent()).toBe('3 events so far');

    await rows().nth(2).click();
    expect(await page.getByTestId('stream-detail').textContent()).toBe('{\n  "tokens": 3\n}');
    expect(describeViolations(await seriousViolations(page, '.response-panel'))).toEqual([]);
    await session.browser.screenshot('ui-stream-live');

    await page.getByRole('radio', { name: 'Text' }).click();
    expect(await page.getByTestId('stream-text').textContent()).toBe('Hello, world');
    await page.getByRole('radio', { name: 'Raw' }).click();
    await page.getByText('event: usage').waitFor();

    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByText('Stopped: the connection was closed').waitFor();
    expect(await page.getByTestId('response-status').textContent()).toBe('200 OK');
    await expect.poll(() => chat?.writableEnded === true || chat?.destroyed === true).toBe(true);
    await page.getByRole('radio', { name: 'Events' }).click();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await page.getByTestId('stream-count').textContent()).toBe('3 events');
    expect(describeViolations(await seriousViolations(page, '.response-panel'))).toEqual([]);
  });

  it('shows NDJSON one line an event', async () => {
    await sendEndpoint('lines');
    await page.getByTestId('response-status').waitFor();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await page.getByTestId('stream-count').textContent()).toBe('3 lines');
    await rows().nth(1).click();
    expect(await page.getByTestId('stream-detail').textContent()).toBe('{\n  "n": 2\n}');
  });

  it('shows the chunks of a slow plain-text answer as they come, then the whole body', async () => {
    await sendEndpoint('log');
    await page.getByText('1 chunk so far').waitFor();
    log?.write('building step 2\n');
    await page.getByText('2 chunks so far').waitFor();
    log?.end('done\n');
    await expect
      .poll(() => page.getByTestId('response-body').textContent())
      .toBe('building step 1\nbuilding step 2\ndone\n');
  });

  it('keeps the whole stream in History', async () => {
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'History' });
    await history.getByRole('button').filter({ hasText: '/chat' }).first().click();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await rows().first().textContent()).toContain('—');
    await page.getByRole('radio', { name: 'Text' }).click();
    expect(await page.getByTestId('stream-text').textContent()).toBe('Hello, world');
  });

  it('answers an agent’s send with the events beside the status and headers', async () => {
    const listed = await app.request('GET', '/agent/projects');
    const [project] = listed.json as { projectId: string }[];
    const endpoints = await app.request('GET', `/agent/endpoints/${project?.projectId}`);
    const done = (endpoints.json as { endpointId: string; name: string }[]).find((one) => one.name === 'done');
    const sending = app.request('POST', '/agent/send', { body: { endpointId: done?.endpointId, timeoutMs: 20_000 } });
    await page.getByRole('button', { name: 'Allow once' }).click();
    const answer = await sending;
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      status: 200,
      contentType: 'text/event-stream',
      events: [
        { id: '1', event: 'completion', data: expect.stringContaining('"Hello"') },
        { id: '2', event: 'completion', data: expect.stringContaining('" agent"') },
        { data: '[DONE]', ms: expect.any(Number) },
      ],
    });
  });
});
