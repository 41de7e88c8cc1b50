import type { IncomingHttpHeaders } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, runClientCommand } from './support/app-process.js';
import type { BrowserSession } from './support/browser.js';
import { editorText } from './support/code-editor.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

let session: UiSession;
let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let server: LocalServer;
let ui: UiApi;
let projectId: string;
const received: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    received.push({ url: request.url ?? '', headers: request.headers });
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-trace', 'abc123');
    response.end(JSON.stringify({ id: 7, name: 'Ada', roles: ['admin', 'author'] }));
  });
  session = await openUiSession();
  ({ app, browser, page } = session);
  ui = await openUiApi(app);
  const created = await runClientCommand(['project', 'create', 'Shop', '--base-url', server.origin], {
    dataDir: app.dataDir,
  });
  expect(created.code).toBe(0);
  projectId = JSON.parse(created.stdout).projectId;
  const environment = await ui.call('POST', `/api/projects/${projectId}/environments`, { name: 'Local' });
  await ui.call('PUT', `/api/projects/${projectId}/active-environment`, { environmentId: environment.json.id });
  await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

const requestTab = (name: string) =>
  page
    .getByRole('tablist', { name: 'Request parts' })
    .getByRole('tab', { name: new RegExp(`^${name}`) })
    .click();

const saved = () => page.getByRole('button', { name: 'Save', exact: true }).and(page.locator(':disabled')).waitFor();

async function send(): Promise<(typeof received)[number]> {
  const before = received.length;
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(before);
  await page.getByTestId('response-status').waitFor();
  return received[before] as (typeof received)[number];
}

const listed = (region: string) =>
  page
    .getByRole('region', { name: region })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.textContent ?? ''));

describe('the Tests tab', () => {
  it('keeps assertion rows through a save and a reload, and shows each verdict with the value it read after Send', async () => {
    await page.getByRole('button', { name: 'New request' }).first().click();
    await page.getByLabel('Endpoint name').fill('Get user');
    await page.getByLabel('URL path').fill('/users/7');
    await requestTab('Tests');
    const add = page.getByRole('button', { name: 'Add assertion' });
    await add.click();
    await add.click();
    await page.getByLabel('Assertion 2 source').selectOption('jsonpath');
    await page.getByLabel('Assertion 2 JSONPath').fill('$.id');
    await page.getByLabel('Assertion 2 operator').selectOption('isType');
    await page.getByLabel('Assertion 2 value').fill('string');
    await add.click();
    await page.getByLabel('Assertion 3 source').selectOption('header');
    await page.getByLabel('Assertion 3 header name').fill('X-Trace');
    await page.getByLabel('Assertion 3 operator').selectOption('matches');
    await page.getByLabel('Assertion 3 value').fill('/^ABC/i');
    await add.click();
    await page.getByLabel('Assertion 4 source').selectOption('jsonpath');
    await page.getByLabel('Assertion 4 JSONPath').fill('$.roles');
    await page.getByLabel('Assertion 4 operator').selectOption('length');
    await page.getByLabel('Assertion 4 value').fill('two');
    await page.getByText('The value must be a number for length (or a {{variable}} holding one), not "two"').waitFor();
    await page.getByLabel('Assertion 4 value').fill('2');
    await page.getByRole('checkbox', { name: 'Use assertion 4' }).uncheck();
    expect(
      await page
        .getByRole('tab', { name: /^Tests/ })
        .first()
        .textContent(),
    ).toBe('Tests3');
    await page.getByRole('img', { name: 'Unsaved changes' }).first().waitFor();
    await browser.screenshot('ui-tests-tab');
    await page.keyboard.press('Control+s');
    await saved();

    await page.reload();
    await page.getByRole('treeitem', { name: 'GET Get user' }).click();
    await requestTab('Tests');
    expect(await page.getByLabel('Assertion 2 JSONPath').inputValue()).toBe('$.id');
    expect(await editorText(page.getByLabel('Assertion 3 value'))).toBe('/^ABC/i');
    expect(await page.getByRole('checkbox', { name: 'Use assertion 4' }).isChecked()).toBe(false);

    await send();
    const testsTab = page.getByRole('tablist', { name: 'Response parts' }).getByRole('tab', { name: /^Tests/ });
    expect(await testsTab.textContent()).toBe('Tests 2/3');
    await testsTab.click();
    expect(await listed('Assertions')).toEqual([
      'Passstatus eq 200got 200',
      'Failjsonpath $.id isType stringgot 7expected a string, got a number',
      'Passheader X-Trace matches /^ABC/igot abc123',
      'Skipjsonpath $.roles length 2',
    ]);
    await browser.screenshot('ui-response-tests');
  });

  it('runs pre-request and post-response scripts on Send, shows their tests and console, and keeps chosen variables', async () => {
    await requestTab('Scripts');
    const parts = page.getByRole('radiogroup', { name: 'Script of the endpoint' });
    await page
      .getByLabel('Pre-request script of the endpoint')
      .fill("pm.request.headers.add({ key: 'X-Stamp', value: 'from-script' });");
    await parts.getByRole('radio', { name: /Post-response/ }).click();
    const post = page.getByLabel('Post-response script of the endpoint');
    await post.click();
    // Completion offers the scripting API member by member, with a line on each.
    await page.keyboard.type('pm.environ');
    await page
      .getByRole('listbox')
      .getByRole('option', { name: /environment/ })
      .waitFor();
    await page
      .locator('.cm-completionInfo')
      .getByText(/Variables of the environment in use/)
      .waitFor();
    await browser.screenshot('ui-scripts-tab');
    await page.keyboard.press('Escape');
    await post.fill(
      [
        'const user = pm.response.json();',
        "pm.test('has a name', () => pm.expect(user.name).to.eql('Ada'));",
        "pm.test('is an author', () => pm.expect(user.roles).to.include('editor'));",
        "console.log('user', user.id);",
        "pm.environment.set('userName', user.name);",
        "pm.collectionVariables.set('lastUserId', String(user.id));",
        "pm.globals.set('everywhere', 'no');",
      ].join('\n'),
    );
    expect(
      await page
        .getByRole('tab', { name: /^Scripts/ })
        .first()
        .textContent(),
    ).toBe('Scripts2');
    await page.keyboard.press('Control+s');
    await saved();

    const sent = await send();
    expect(sent.headers['x-stamp']).toBe('from-script');
    const testsTab = page.getByRole('tablist', { name: 'Response parts' }).getByRole('tab', { name: /^Tests/ });
    expect(await testsTab.textContent()).toBe('Tests 3/5');
    await testsTab.click();
    expect(await listed('Script tests')).toEqual([
      'Passhas a name',
      "Failis an authorexpected [ 'admin', 'author' ] to include 'editor'",
    ]);
    expect(await page.getByRole('region', { name: 'Console' }).locator('pre').textContent()).toBe('user 7\n');
    const variables = page.getByRole('region', { name: 'Variables the scripts set' });
    expect(await variables.getByRole('checkbox', { name: 'Keep everywhere' }).isDisabled()).toBe(true);
    await variables.getByRole('checkbox', { name: 'Keep userName' }).check();
    await variables.getByRole('checkbox', { name: 'Keep lastUserId' }).check();
    await variables.getByRole('button', { name: 'Keep 2 variables' }).click();
    await variables.getByText('Kept 2 variables.').waitFor();

    const environments = await ui.call('GET', `/api/projects/${projectId}/environments`);
    expect(environments.json.environments[0].variables).toEqual([{ key: 'userName', value: 'Ada', secret: false }]);
    const project = await ui.call('GET', `/api/projects/${projectId}`);
    expect(project.json.variables).toContainEqual({ key: 'lastUserId', value: '7' });
  });

  it('runs the project’s and a folder’s scripts, edited from their menus, before the endpoint’s own', async () => {
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('menuitem', { name: 'Project scripts…' }).click();
    const projectDialog = page.getByRole('dialog', { name: 'Project scripts' });
    await projectDialog
      .getByLabel('Pre-request script of the project')
      .fill("pm.request.headers.add({ key: 'X-Level', value: 'project' });");
    await projectDialog.getByRole('button', { name: 'Save' }).click();
    await projectDialog.waitFor({ state: 'detached' });
    expect((await ui.call('GET', `/api/projects/${projectId}/scripts`)).json).toMatchObject({
      preRequest: "pm.request.headers.add({ key: 'X-Level', value: 'project' });",
    });

    const sent = await send();
    expect(sent.headers['x-level']).toBe('project');
    expect(sent.headers['x-stamp']).toBe('from-script');

    const folder = await ui.call('POST', `/api/projects/${projectId}/folders`, { name: 'Admin', parentId: null });
    await page.reload();
    const row = page.getByRole('treeitem', { name: 'Admin' });
    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Scripts…' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'Scripts of Admin' });
    const folderScript = "pm.request.headers.upsert({ key: 'X-Level', value: 'folder' });";
    await folderDialog.getByLabel('Pre-request script of the folder Admin').fill(folderScript);
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await folderDialog.waitFor({ state: 'detached' });
    expect((await ui.call('GET', `/api/folders/${folder.json.id}/scripts`)).json).toMatchObject({
      from: 'postman',
      preRequest: folderScript,
    });

    // In the folder, the endpoint runs the project's script, then the folder's, which has the last word.
    const tree = await ui.call('GET', `/api/projects/${projectId}/tree`);
    // The tree's endpoints are compact rows: [id, folderId, name, method, path, state].
    const endpointId = tree.json.endpoints[0][0];
    expect((await ui.call('PATCH', `/api/endpoints/${endpointId}`, { folderId: folder.json.id })).status).toBe(200);
    await page.reload();
    await page.getByRole('treeitem', { name: 'GET Get user' }).click();
    expect((await send()).headers['x-level']).toBe('folder');
  });
});
