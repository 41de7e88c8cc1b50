import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.js';
import { editorText } from './support/code-editor.js';
import { startGraphqlServer } from './support/graphql-server.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let page: Page;
let graphql: Awaited<ReturnType<typeof startGraphqlServer>>;
let ui: UiApi;
let projectId: string;

beforeAll(async () => {
  graphql = await startGraphqlServer();
  session = await openUiSession({ clipboard: true });
  ({ page } = session);
  ui = await openUiApi(session.app);
  const project = await ui.call('POST', '/api/projects', { name: 'Accounts' });
  projectId = project.json.id;
  await ui.call('PUT', `/api/projects/${projectId}/variables`, {
    variables: [
      { key: 'base_url', value: new URL(graphql.url).origin },
      { key: 'user_id', value: '2' },
    ],
  });
  const endpoint = await ui.call('POST', `/api/projects/${projectId}/endpoints`, {
    name: 'Users',
    method: 'POST',
    path: '/graphql',
    queryParams: [],
    headers: [],
    body: { mode: 'graphql', query: '', variables: '' },
    auth: { type: 'none' },
    state: 'Designing',
    folderId: null,
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  await page.reload();
  await page.getByRole('list', { name: 'Projects' }).getByText('Accounts', { exact: true }).click();
  await page.getByRole('treeitem', { name: 'POST Users' }).click();
  await page.getByLabel('Endpoint name').waitFor();
});

afterAll(async () => {
  await session?.close();
  await graphql?.close();
});

const query = () => page.getByLabel('GraphQL query');

/** Replaces the query editor's text, as a paste would. */
async function writeQuery(text: string): Promise<void> {
  await query().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

async function violationsInBothThemes(): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(...describeViolations(await seriousViolations(page)).map((line) => `${colorScheme}: ${line}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

describe('a GraphQL body', () => {
  it('fetches the schema by introspection, without a History entry, and completes fields from it', async () => {
    await page
      .getByRole('status')
      .filter({ hasText: /^Schema: \d+ types/ })
      .waitFor();
    const introspection = JSON.parse(graphql.bodies[0] ?? '{}') as { query?: string };
    expect(introspection.query).toContain('__schema');
    expect((await ui.call('GET', `/api/projects/${projectId}/history`)).json).toEqual([]);

    await query().click();
    await page.keyboard.type('{ us');
    const list = page.getByRole('listbox');
    await list.waitFor();
    expect(await list.getByRole('option').allInnerTexts()).toEqual([
      expect.stringMatching(/^user\s*User$/),
      expect.stringMatching(/^users\s*\[User!\]!$/),
    ]);
    await list.getByRole('option', { name: /^users/ }).click();
    await page.keyboard.type(' { na');
    await list.getByRole('option', { name: /^name/ }).click();
    expect((await editorText(query())).replace(/\s+/g, ' ')).toBe('{ users { name}}');
  });

  it('marks a field the schema does not have, and explains a field on hover', async () => {
    await writeQuery('{\n  users {\n    nickname\n  }\n}');
    const mark = page.locator('.cm-lintRange-error', { hasText: 'nickname' });
    await mark.waitFor();
    await mark.hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toContain('Cannot query field "nickname" on type "User".');

    await page.mouse.move(0, 0);
    await page.locator('.cm-line', { hasText: 'users' }).getByText('users').hover();
    const hover = page.locator('.cm-graphql-hover');
    await hover.waitFor();
    expect(await hover.innerText()).toContain('Query.users: [User!]!');
  });

  it('browses the schema in the explorer', async () => {
    await page.getByRole('button', { name: 'Schema explorer' }).click();
    const explorer = page.getByRole('complementary', { name: 'Schema explorer' });
    await explorer.getByRole('button', { name: 'Query', exact: true }).click();
    const fields = explorer.getByRole('list', { name: 'Fields of Query' });
    expect(await fields.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^user\(id: ID!\): User\s+One user by id, or null\.$/),
      'users: [User!]!',
    ]);
    await fields.getByRole('button', { name: 'User', exact: true }).first().click();
    expect(await explorer.getByRole('list', { name: 'Fields of User' }).getByRole('listitem').count()).toBe(4);
    await explorer.getByRole('button', { name: 'Role', exact: true }).click();
    expect(await explorer.getByRole('list', { name: 'Values of Role' }).innerText()).toBe('ADMIN\nMEMBER');
    await explorer.getByRole('button', { name: 'Back' }).click();
    await explorer.getByRole('searchbox', { name: "Search the schema's types" }).fill('rol');
    await explorer.getByRole('button', { name: 'Role', exact: true }).waitFor();
    expect(await violationsInBothThemes()).toEqual([]);
  });

  it('sends the query, its variables with {{variables}} resolved and its operation name as JSON, shows the answer, and copies it as cURL', async () => {
    await writeQuery('query One($id: ID!) { user(id: $id) { name role } }');
    const variables = page.getByLabel('GraphQL variables');
    await variables.click();
    await page.keyboard.insertText('{"id": "{{user_id}}"}');
    await page.getByLabel('Operation name').fill('One');
    const before = graphql.bodies.length;
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('response-status').waitFor();
    expect(await page.getByTestId('response-status').innerText()).toContain('200');
    expect(await page.locator('.response-panel').innerText()).toContain('Linus');
    expect(graphql.bodies.slice(before)).toEqual([
      JSON.stringify({
        query: 'query One($id: ID!) { user(id: $id) { name role } }',
        variables: { id: '2' },
        operationName: 'One',
      }).replace('{"id":"2"}', '{"id": "2"}'),
    ]);

    // Copy as cURL writes the same document.
    await page.getByRole('button', { name: 'Copy as cURL' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied as cURL' }).waitFor();
    const command = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(command).toContain(`--data-raw '${graphql.bodies.at(-1)}'`);
    expect(command).toContain("-H 'Content-Type: application/json'");
  });
});
