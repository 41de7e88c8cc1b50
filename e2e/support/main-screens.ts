import type { Page } from 'playwright-core';
import type { AppProcess } from './app-process.js';
import { type LocalServer, startLocalServer } from './ui-session.js';

/** One screen a person meets: how to reach it from the workspace and how to leave it again. */
export interface MainScreen {
  name: string;
  open(page: Page): Promise<void>;
  /** Back to the workspace with the Users endpoint open; Escape unless given. */
  close?(page: Page): Promise<void>;
}

const USERS = JSON.stringify({
  users: [
    { id: 1, name: 'Ada Lovelace', email: 'ada@example.com', active: true, roles: ['admin', 'author'] },
    { id: 2, name: 'Alan Turing', email: 'alan@example.com', active: false, roles: [] },
  ],
  page: { index: 1, size: 20, total: 2 },
});

/** While set, a DELETE waits for `releaseHeld`, so the runner can be shown halfway through a run. */
let holding = false;
const held: (() => void)[] = [];

function releaseHeld(): void {
  holding = false;
  for (const answer of held.splice(0)) answer();
}

/** A local API answering JSON, for the screens that show a response. */
export function startScreensApi(): Promise<LocalServer> {
  return startLocalServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (holding && request.method === 'DELETE') held.push(() => response.end(USERS));
    else response.end(USERS);
  });
}

/**
 * Fills a fresh app with what the screens show: the sample project, and an "Agent imports" project of a few
 * endpoints on the local API, one of them sent so that History and the response panel have something.
 */
export async function seedScreens(page: Page, app: AppProcess, api: LocalServer): Promise<void> {
  const commands = [
    ['List users', `curl '${api.origin}/users?page=1&size=20' -H 'Accept: application/json'`],
    [
      'Create user',
      `curl -X POST ${api.origin}/users -H 'Content-Type: application/json' -d '{"name":"{{userName}}"}'`,
    ],
    ['Delete user', `curl -X DELETE ${api.origin}/users/1`],
    ['A request whose name is long enough to need an ellipsis', `curl ${api.origin}/users/search`],
  ];
  for (const [name, command] of commands) await app.request('POST', '/agent/curl', { body: { command, name } });
  await page.getByRole('button', { name: 'Sample project', exact: true }).click();
  await page.getByRole('treeitem', { name: 'POST Create post' }).waitFor();
  await openUsers(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByTestId('response-status').waitFor();
}

async function openUsers(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
  await page.getByRole('treeitem', { name: 'GET List users' }).click();
  await page.getByLabel('Endpoint name').waitFor();
}

/** The sample project's Create post, on its JSON body. */
async function openSampleBody(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  await page.getByRole('list', { name: 'Projects' }).getByText('Sample: JSONPlaceholder', { exact: true }).click();
  await page.getByRole('treeitem', { name: 'POST Create post' }).click();
  await page.getByRole('tab', { name: 'Body' }).click();
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name }).waitFor();

/** A tab of the request editor (the response panel has tabs of the same names). */
const requestTab = (page: Page, name: string) =>
  page
    .getByRole('tablist', { name: 'Request parts' })
    .getByRole('tab', { name: new RegExp(`^${name}`) })
    .click();

const responseTab = (page: Page, name: string) =>
  page
    .getByRole('tablist', { name: 'Response parts' })
    .getByRole('tab', { name: new RegExp(`^${name}`) })
    .click();

const saved = (page: Page) =>
  page.getByRole('button', { name: 'Save', description: 'Save (Ctrl+S)' }).and(page.locator(':disabled')).waitFor();

const POST_RESPONSE = [
  'const body = pm.response.json();',
  "pm.test('lists the first page', () => pm.expect(body.page.index).to.equal(1));",
  "pm.test('every user is active', () => body.users.forEach((user) => pm.expect(user.active).to.equal(true)));",
  "pm.collectionVariables.set('firstUserId', String(body.users[0].id));",
  "console.log('users on this page:', body.users.length);",
].join('\n');

async function closeRunner(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close the runner' }).click();
  await page.getByLabel('Endpoint name').waitFor();
}

/** The main screens and every dialog a person opens from them, in an order each can be reached in. */
const MAIN_SCREENS: readonly MainScreen[] = [
  {
    name: 'projects',
    open: (page) => page.getByRole('button', { name: 'Projects', exact: true }).click(),
    close: openUsers,
  },
  { name: 'workspace-response', open: async () => undefined, close: async () => undefined },
  {
    name: 'request-param-off',
    async open(page) {
      await requestTab(page, 'Params');
      await page.getByRole('checkbox', { name: 'Use Query param size' }).uncheck();
    },
    close: (page) => page.getByRole('checkbox', { name: 'Use Query param size' }).check(),
  },
  {
    name: 'request-headers-bulk-edit',
    async open(page) {
      await requestTab(page, 'Headers');
      await page.getByRole('button', { name: 'Bulk edit' }).click();
    },
    async close(page) {
      await page.getByRole('button', { name: 'Table' }).click();
      await requestTab(page, 'Params');
    },
  },
  {
    name: 'workspace-sample',
    open: openSampleBody,
    close: openUsers,
  },
  {
    name: 'variable-completion',
    async open(page) {
      await openSampleBody(page);
      await page.getByLabel('JSON body').click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('End');
      await page.keyboard.type(',\n"userId": {{');
      await page.getByRole('listbox').waitFor();
      await page.locator('.cm-completionInfo').waitFor();
    },
    async close(page) {
      await page.keyboard.press('Escape');
      // The body's history holds only what was typed here: undone, the endpoint is as saved again.
      for (let step = 0; step < 5; step++) await page.keyboard.press('Control+z');
      await openUsers(page);
    },
  },
  {
    name: 'history',
    async open(page) {
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('list', { name: 'History' }).getByRole('button').first().click();
      await page.getByTestId('response-status').waitFor();
    },
    async close(page) {
      await page.getByRole('tab', { name: 'Requests' }).click();
      await page.getByRole('treeitem', { name: 'GET List users' }).click();
    },
  },
  {
    name: 'environments',
    async open(page) {
      await page.getByRole('button', { name: 'Manage environments' }).click();
      await dialog(page, 'Environments');
    },
  },
  {
    name: 'project-settings',
    async open(page) {
      await page.getByTitle('Project settings and variables').click();
      await dialog(page, 'Project settings');
    },
  },
  {
    name: 'import-curl',
    async open(page) {
      await page.getByRole('button', { name: 'New' }).click();
      await page.getByRole('menuitem', { name: 'Import from cURL' }).click();
      await dialog(page, 'Import from cURL');
    },
  },
  {
    name: 'code-export',
    async open(page) {
      await page.getByRole('button', { name: 'Copy as another format' }).click();
      await page.getByRole('menuitem', { name: 'Python (http.client)' }).click();
      await page
        .getByRole('dialog', { name: 'Copy as code' })
        .getByRole('textbox', { name: 'Code' })
        .and(page.locator('[aria-busy="false"]'))
        .waitFor();
    },
  },
  {
    name: 'delete-confirmation',
    async open(page) {
      await page.getByRole('treeitem', { name: 'DEL Delete user' }).click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await dialog(page, 'Delete endpoint');
    },
  },
  {
    name: 'command-palette',
    async open(page) {
      await page.keyboard.press('ControlOrMeta+k');
      await dialog(page, 'Command palette');
      await page.keyboard.type('user');
    },
  },
  {
    // The split the window did not start with: beside at 1440 px, below at 1024 px.
    name: 'workspace-split-switched',
    open: (page) => page.getByRole('button', { name: /^Put the response (below|beside)$/ }).click(),
    close: (page) => page.getByRole('button', { name: /^Put the response (below|beside)$/ }).click(),
  },
  {
    name: 'sidebar-hidden',
    open: (page) => page.getByRole('button', { name: 'Hide the sidebar' }).click(),
    close: (page) => page.getByRole('button', { name: 'Show the sidebar' }).click(),
  },
  {
    name: 'agent-panel',
    async open(page) {
      await page.getByRole('button', { name: 'Agent', exact: true }).click();
      await dialog(page, 'Agent');
    },
  },
  {
    name: 'request-tests',
    async open(page) {
      await requestTab(page, 'Tests');
      const add = page.getByRole('button', { name: 'Add assertion' });
      await add.click();
      await add.click();
      await page.getByLabel('Assertion 2 source').selectOption('jsonpath');
      await page.getByLabel('Assertion 2 JSONPath').fill('$.users');
      await page.getByLabel('Assertion 2 operator').selectOption('length');
      await page.getByLabel('Assertion 2 value').fill('2');
      await add.click();
      await page.getByLabel('Assertion 3 source').selectOption('header');
      await page.getByLabel('Assertion 3 header name').fill('Content-Type');
      await page.getByLabel('Assertion 3 operator').selectOption('contains');
      await page.getByLabel('Assertion 3 value').fill('json');
      await add.click();
      await page.getByLabel('Assertion 4 source').selectOption('jsonpath');
      await page.getByLabel('Assertion 4 JSONPath').fill('$.page.total');
      await page.getByLabel('Assertion 4 operator').selectOption('gt');
      await page.getByLabel('Assertion 4 value').fill('5');
    },
    close: async (page) => {
      await page.keyboard.press('ControlOrMeta+s');
      await saved(page);
    },
  },
  {
    name: 'request-scripts',
    async open(page) {
      await requestTab(page, 'Scripts');
      await page.getByRole('radio', { name: /^Post-response/ }).click();
      await page.getByLabel('Post-response script of the endpoint').fill(POST_RESPONSE);
    },
    close: async (page) => {
      await page.keyboard.press('ControlOrMeta+s');
      await saved(page);
    },
  },
  {
    name: 'response-tests',
    async open(page) {
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await responseTab(page, 'Tests');
      await page.getByTestId('response-checks').waitFor();
    },
    close: (page) => responseTab(page, 'Body'),
  },
  {
    name: 'project-scripts',
    async open(page) {
      await page.getByRole('button', { name: 'Project menu' }).click();
      await page.getByRole('menuitem', { name: 'Project scripts…' }).click();
      await dialog(page, 'Project scripts');
    },
  },
  {
    name: 'runner-setup',
    async open(page) {
      await page.getByRole('button', { name: 'Project menu' }).click();
      await page.getByRole('menuitem', { name: 'Run project…' }).click();
      await page.getByRole('heading', { name: 'Run Agent imports' }).waitFor();
    },
    close: async () => undefined,
  },
  {
    // Halfway: the API holds the DELETE until the screen is closed.
    name: 'runner-running',
    async open(page) {
      holding = true;
      await page.getByRole('button', { name: /^Run \d+ requests$/ }).click();
      await page.getByText(/^Sending Delete user/).waitFor();
    },
    async close(page) {
      releaseHeld();
      await page
        .getByTestId('run-status')
        .getByText(/^(Passed|Failed)$/)
        .waitFor();
    },
  },
  {
    name: 'runner-finished',
    open: (page) => page.getByRole('tab', { name: 'Runs' }).click(),
    async close(page) {
      await page.getByRole('tab', { name: 'Requests', exact: true }).click();
      await closeRunner(page);
    },
  },
  {
    name: 'runner-load',
    async open(page) {
      await page.getByRole('button', { name: 'Project menu' }).click();
      await page.getByRole('menuitem', { name: 'Run project…' }).click();
      await page.getByRole('tab', { name: 'Load test' }).click();
      await page.getByLabel('Connections').fill('2');
      await page.getByLabel('Duration (seconds)').fill('1');
      await page.getByRole('button', { name: 'Start load test' }).click();
      await page.getByTestId('load-result').waitFor();
    },
    close: closeRunner,
  },
  {
    // The response of the last Send kept as an example, and a second one written by hand.
    name: 'request-examples',
    async open(page) {
      await page.getByRole('button', { name: 'Save as example' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save as example' });
      await dialog.getByLabel('Example name').fill('Two users');
      await dialog.getByRole('button', { name: 'Save example' }).click();
      await dialog.waitFor({ state: 'detached' });
      await requestTab(page, 'Examples');
      await page.getByRole('button', { name: 'Add example' }).click();
      await page.getByLabel('Example name').fill('Not found');
      await page.getByLabel('Example status').fill('404');
      await page.getByLabel('JSON body').fill('{"error":"no such user"}');
      await page.getByLabel('Example delay').selectOption('fixed');
      // Typing in the body scrolled the pane down; the screen shows the list of examples.
      await page.getByRole('button', { name: 'Add example' }).scrollIntoViewIfNeeded();
    },
    close: async (page) => {
      await page.keyboard.press('ControlOrMeta+s');
      await saved(page);
    },
  },
  {
    name: 'mock-view',
    async open(page) {
      await page.getByRole('button', { name: 'Mock', exact: true }).click();
      await page.getByRole('button', { name: 'Start mock' }).click();
      const url = await page.getByTestId('mock-url').textContent();
      await fetch(`${url}/users?page=1&size=20`, { headers: { Prefer: 'example=Two users' } });
      await fetch(`${url}/orders`);
      await page
        .getByRole('table', { name: `Requests to ${url}` })
        .getByRole('row')
        .nth(2)
        .waitFor();
    },
    async close(page) {
      await page.getByRole('button', { name: /^Stop the mock/ }).click();
      await page.getByText(/^No mock is running\./).waitFor();
      await page.getByRole('button', { name: 'Close the mock view' }).click();
      await page.getByLabel('Endpoint name').waitFor();
    },
  },
];

/** Every screen in turn: `visit` is called with each one open, then it is closed again. */
export async function tourScreens(page: Page, visit: (screen: MainScreen) => Promise<void>): Promise<void> {
  for (const screen of MAIN_SCREENS) {
    await screen.open(page);
    // Toasts and transitions settle before the screen is looked at.
    await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 15_000 });
    await visit(screen);
    if (screen.close === undefined) await page.keyboard.press('Escape');
    else await screen.close(page);
  }
}
