import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let page: Page;
let ui: UiApi;
let projectId: string;

interface Listed {
  name: string;
  folderId: string | null;
  method: string;
  path: string;
  headers: { key: string; value: string }[];
  body: unknown;
}

const listed = async () => (await session.app.request('GET', `/agent/endpoints/${projectId}`)).json as Listed[];

beforeAll(async () => {
  session = await openUiSession();
  page = session.page;
  ui = await openUiApi(session.app);
  const command = `curl -X POST http://127.0.0.1:9/users -H 'X-Trace: t-1' -d '{"name":"Ada"}'`;
  const created = await session.app.request('POST', '/agent/curl', { body: { command, name: 'Create user' } });
  projectId = (created.json as { projectId: string }).projectId;
  const folder = (await ui.call('POST', `/api/projects/${projectId}/folders`, { name: 'Users', parentId: null })).json;
  const inner = (await ui.call('POST', `/api/projects/${projectId}/folders`, { name: 'Admin', parentId: folder.id }))
    .json;
  await session.app.request('POST', '/agent/curl', {
    body: { command: 'curl http://127.0.0.1:9/users/1', name: 'Get user', folderId: folder.id },
  });
  await session.app.request('POST', '/agent/curl', {
    body: { command: 'curl -X DELETE http://127.0.0.1:9/users/1', name: 'Remove user', folderId: inner.id },
  });
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
  await page.getByRole('treeitem', { name: 'POST Create user' }).waitFor();
});

afterAll(() => session?.close());

describe('duplicate', () => {
  it('copies an endpoint beside the original, everything included, and opens the copy', async () => {
    await page.getByRole('treeitem', { name: 'POST Create user' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.getByRole('tab', { name: 'POST Create user copy' }).waitFor();
    const [original, copy] = [
      (await listed()).find((e) => e.name === 'Create user'),
      (await listed()).find((e) => e.name === 'Create user copy'),
    ];
    expect(copy).toMatchObject({
      method: 'POST',
      path: '/users',
      folderId: null,
      headers: original?.headers,
      body: original?.body,
    });
  });

  it('copies a folder with its folders and endpoints, and leaves the original as it was', async () => {
    const before = await listed();
    await page.getByRole('treeitem', { name: 'Users' }).first().click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.getByLabel('Folder name').press('Enter');
    await page.getByRole('treeitem', { name: 'Users copy' }).waitFor();
    const after = await listed();
    expect(after.map((endpoint) => endpoint.name).sort()).toEqual(
      [...before.map((endpoint) => endpoint.name), 'Get user', 'Remove user'].sort(),
    );
    const folders = (await ui.call('GET', `/api/projects/${projectId}/tree`)).json.folders as {
      id: string;
      name: string;
      parentId: string | null;
    }[];
    const copy = folders.find((folder) => folder.name === 'Users copy');
    const innerCopy = folders.find((folder) => folder.name === 'Admin' && folder.parentId === copy?.id);
    expect(innerCopy).toBeDefined();
    expect(
      after.find((endpoint) => endpoint.name === 'Remove user' && endpoint.folderId === innerCopy?.id),
    ).toMatchObject({
      method: 'DELETE',
      path: '/users/1',
    });
    await session.browser.screenshot('ui-duplicate-folder');
  });
});
