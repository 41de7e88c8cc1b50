import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, runClientCommand } from './support/app-process.js';
import type { BrowserSession } from './support/browser.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

let session: UiSession;
let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let server: LocalServer;
let ui: UiApi;
let projectId: string;
const seen: string[] = [];
/** While set, /flaky waits for the test to let it answer, so a run can be looked at halfway. */
let holdFlaky = true;
const heldFlaky: (() => void)[] = [];
const heldStuck: (() => void)[] = [];

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      seen.push(`${request.method} ${path}`);
      response.setHeader('content-type', 'application/json');
      if (path === '/login') {
        const { user } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { user: string };
        response.end(JSON.stringify({ token: `tok-${user}` }));
      } else if (path === '/me') {
        const token = /^Bearer tok-(\w+)$/.exec(request.headers.authorization ?? '')?.[1];
        response.statusCode = token === undefined ? 401 : 200;
        response.end(JSON.stringify(token === undefined ? { error: 'no token' } : { user: token }));
      } else if (path === '/flaky') {
        const answer = () => {
          response.statusCode = 500;
          response.end('{"error":"down"}');
        };
        if (holdFlaky) heldFlaky.push(answer);
        else answer();
      } else if (path === '/stuck') {
        heldStuck.push(() => response.end('{}'));
      } else response.end('{"pong":true}');
    });
  });
  session = await openUiSession();
  ({ app, browser, page } = session);
  ui = await openUiApi(app);
  const created = await runClientCommand(['project', 'create', 'Shop', '--base-url', server.origin], {
    dataDir: app.dataDir,
  });
  projectId = JSON.parse(created.stdout).projectId;
  const folder = async (name: string) =>
    (await ui.call('POST', `/api/projects/${projectId}/folders`, { name, parentId: null })).json.id as string;
  const endpoint = async (folderId: string, draft: Record<string, unknown>) => {
    const answer = await ui.call('POST', `/api/projects/${projectId}/endpoints`, {
      method: 'GET',
      queryParams: [],
      headers: [],
      body: { mode: 'none' },
      auth: { type: 'none' },
      state: 'Designing',
      folderId,
      ...draft,
    });
    expect(answer.status).toBe(201);
  };
  const status200 = { source: 'status', property: '', operator: 'eq', value: '200' };
  const flow = await folder('Flow');
  await endpoint(flow, {
    name: 'Login',
    method: 'POST',
    path: '/login',
    body: { mode: 'json', text: '{"user": "{{user}}"}' },
    tests: [status200],
    scripts: {
      from: 'postman',
      preRequest: '',
      postResponse: [
        "pm.collectionVariables.set('token', pm.response.json().token);",
        "pm.test('gets a token', () => pm.expect(pm.response.json().token).to.be.a('string'));",
      ].join('\n'),
      tests: '',
    },
  });
  await endpoint(flow, {
    name: 'Me',
    path: '/me',
    headers: [{ key: 'Authorization', value: 'Bearer {{token}}' }],
    tests: [status200, { source: 'jsonpath', property: '$.user', operator: 'eq', value: '{{user}}' }],
  });
  await endpoint(flow, { name: 'Broken', path: '/flaky', tests: [status200] });
  await endpoint(await folder('Load'), { name: 'Ping', path: '/ping' });
  await endpoint(await folder('Slow'), { name: 'Stuck', path: '/stuck' });
  await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
});

afterAll(async () => {
  for (const answer of [...heldFlaky, ...heldStuck]) answer();
  await session?.close();
  await server?.close();
});

async function runFolder(name: string): Promise<void> {
  await page.getByRole('treeitem', { name }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Run folder…' }).click();
  await page.getByRole('heading', { name: `Run ${name}` }).waitFor();
}

const runLines = () =>
  page
    .getByRole('list', { name: 'Requests run' })
    .locator('.run-item-line')
    .evaluateAll((lines) => lines.map((line) => line.textContent ?? ''));

const orderNames = () =>
  page
    .getByRole('region', { name: 'Requests to run' })
    .locator('.run-order-name')
    .evaluateAll((names) => names.map((name) => name.textContent ?? ''));

describe('the runner', () => {
  it('runs a folder in the order set, with iterations and a data file, live, then shows every check', async () => {
    await runFolder('Flow');
    // The order they were made in, which a run takes unless told another.
    expect(await orderNames()).toEqual(['Login', 'Me', 'Broken']);
    const rows = page.getByRole('region', { name: 'Requests to run' }).getByRole('listitem');
    await rows.filter({ hasText: 'Broken' }).dragTo(rows.filter({ hasText: 'Me' }));
    expect(await orderNames()).toEqual(['Login', 'Broken', 'Me']);
    await page.getByLabel('Iterations').fill('2');
    await page.getByLabel('Data file').setInputFiles({
      name: 'users.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('user\nann\nbob\n'),
    });
    await page.getByText('users.csv').waitFor();
    await page.getByRole('button', { name: 'Run 3 requests' }).click();

    // Halfway: the first iteration's Login is in, Broken is held by the server.
    await expect.poll(runLines, { timeout: 15_000 }).toHaveLength(1);
    expect(await page.getByTestId('run-status').textContent()).toBe('Running');
    expect(await page.getByRole('progressbar', { name: 'Run progress' }).getAttribute('aria-valuenow')).toBe('17');
    await page.getByText('Sending Broken (iteration 1)…').waitFor();
    await browser.screenshot('ui-runner-running');
    holdFlaky = false;
    for (const answer of heldFlaky.splice(0)) answer();

    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 15_000 }).toBe('Failed');
    expect(await runLines()).toEqual([
      expect.stringMatching(/^Pass#1POSTFlow \/ Login200\d+ ms2\/2 passed$/),
      expect.stringMatching(/^Fail#1GETFlow \/ Broken500\d+ ms0\/1 passed$/),
      expect.stringMatching(/^Pass#1GETFlow \/ Me200\d+ ms2\/2 passed$/),
      expect.stringMatching(/^Pass#2POSTFlow \/ Login/),
      expect.stringMatching(/^Fail#2GETFlow \/ Broken/),
      expect.stringMatching(/^Pass#2GETFlow \/ Me200\d+ ms2\/2 passed$/),
    ]);
    // Each iteration took its row of the data file: bob's token reached bob's /me.
    expect(seen.filter((line) => line !== 'GET /flaky')).toEqual(['POST /login', 'GET /me', 'POST /login', 'GET /me']);
    const broken = page.getByRole('list', { name: 'Checks of Flow / Broken' }).first();
    expect(await broken.textContent()).toMatch(/^Failstatus eq 200/);
    await browser.screenshot('ui-runner-finished');
  });

  it('downloads the run as newman JSON and JUnit, both readable by the tools that read newman’s', async () => {
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'JSON' }).click(),
    ]);
    const report = JSON.parse(readFileSync(await json.path(), 'utf8'));
    expect(report.run.stats.requests).toEqual({ total: 6, pending: 0, failed: 0 });
    expect(report.run.stats.assertions).toMatchObject({ total: 10, failed: 2 });
    expect(report.run.executions.map((execution: { item: { name: string } }) => execution.item.name)).toEqual([
      'Login',
      'Broken',
      'Me',
      'Login',
      'Broken',
      'Me',
    ]);
    const [junit] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'JUnit' }).click(),
    ]);
    expect(junit.suggestedFilename()).toMatch(/\.xml$/);
    const xml = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(await junit.path(), 'utf8'));
    const suites = xml.testsuites.testsuite as { '@_name': string; '@_failures': string }[];
    // As newman writes it: a suite per request (its iterations together), a case per check.
    expect(suites.map((suite) => suite['@_name'])).toEqual([
      expect.stringContaining('Login'),
      expect.stringContaining('Broken'),
      expect.stringContaining('Me'),
    ]);
    expect(suites.map((suite) => suite['@_failures'])).toEqual(['0', '2', '0']);
  });

  it('reruns the failed requests alone, lists both runs like History, and reopens the first', async () => {
    seen.length = 0;
    await page.getByRole('button', { name: 'Rerun failed (1)' }).click();
    await expect.poll(runLines, { timeout: 15_000 }).toHaveLength(2);
    await expect.poll(() => page.getByTestId('run-status').textContent()).toBe('Failed');
    expect(seen).toEqual(['GET /flaky', 'GET /flaky']);
    expect((await runLines()).every((line) => line.includes('Broken'))).toBe(true);

    await page.getByRole('tab', { name: 'Runs' }).click();
    const runs = page.getByRole('list', { name: 'Runs' }).getByRole('button');
    await expect.poll(() => runs.count()).toBe(2);
    await runs.nth(1).click();
    await expect.poll(runLines).toHaveLength(6);
    await page.getByRole('tab', { name: 'Requests', exact: true }).click();
  });

  it('says where a data file it cannot read goes wrong, and starts nothing', async () => {
    await runFolder('Load');
    await page.getByLabel('Data file').setInputFiles({
      name: 'users.json',
      mimeType: 'application/json',
      buffer: Buffer.from('[\n  {"user": "ann"},\n  {"user": }\n]'),
    });
    await page.getByText('users.json').waitFor();
    await page.getByRole('button', { name: 'Run 1 request' }).click();
    const alert = page.getByRole('form', { name: 'Run options' }).getByRole('alert');
    expect(await alert.textContent()).toMatch(/line 3/);
    expect(seen.includes('GET /ping')).toBe(false);
  });

  it('cancels a run whose request hangs', async () => {
    await runFolder('Slow');
    await page.getByRole('button', { name: 'Run 1 request' }).click();
    await page.getByText('Sending Stuck…').waitFor();
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 15_000 }).toBe('Cancelled');
  });

  it('load-tests a folder from the command palette over several connections, and draws its latency histogram', async () => {
    await page.keyboard.press('ControlOrMeta+k');
    await page.keyboard.type('Run folder: Load');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Run Load' }).waitFor();
    await page.getByRole('tab', { name: 'Load test' }).click();
    await page.getByLabel('Connections').fill('4');
    await page.getByLabel('Duration (seconds)').fill('2');
    seen.length = 0;
    await page.getByRole('button', { name: 'Start load test' }).click();
    await page
      .getByTestId('load-progress')
      .getByText(/req\/s/)
      .waitFor({ timeout: 10_000 });
    await page.getByTestId('load-result').waitFor({ timeout: 15_000 });
    const result = page.getByRole('region', { name: 'Load test result' });
    expect(await result.locator('.run-card').first().textContent()).toMatch(/^Throughput[\d,.]+ req\/s$/);
    const statuses = result.locator('table').nth(1);
    expect(await statuses.textContent()).toMatch(/^200[\d,]+$/);
    expect(await result.locator('.histogram-bar').count()).toBeGreaterThan(0);
    expect(await result.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
    expect(seen.length).toBeGreaterThan(4);
    expect(new Set(seen)).toEqual(new Set(['GET /ping']));
    await browser.screenshot('ui-runner-load');
  });
});
