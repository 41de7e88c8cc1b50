import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess } from './support/app-process.js';
import { editorText } from './support/code-editor.js';
import { uiUrlOf } from './support/ui-app.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;

beforeAll(async () => {
  session = await openUiSession();
  for (const name of ['List users', 'Get user', 'Delete user']) {
    await session.app.request('POST', '/agent/curl', { body: { command: 'curl https://api.example.com/users', name } });
  }
});

afterAll(() => session?.close());

describe('open tabs', () => {
  it('come back, with their unsaved edits, after a reload and after the app restarts', async () => {
    const { page } = session;
    await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
    await page.getByRole('treeitem', { name: 'GET List users', exact: true }).click();
    await page.getByRole('treeitem', { name: 'GET Get user', exact: true }).click();
    await expect.poll(() => page.getByLabel('Endpoint name').inputValue()).toBe('Get user');
    await page.getByLabel('URL path').fill('/users/{{id}}');
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'New request' }).click();
    await page.getByLabel('Endpoint name').fill('Draft only');
    // The last change comes right before the reload: it is written as the page goes away.
    await page.getByRole('tab', { name: 'GET Get user', exact: true }).click();

    const expectRestored = async () => {
      const strip = page.getByRole('tablist', { name: 'Open endpoints' });
      await expect
        .poll(() => strip.getByRole('tab').allTextContents())
        .toEqual(['GETList users', 'GETGet user', 'GETDraft only']);
      expect(await strip.getByRole('tab', { selected: true }).textContent()).toBe('GETGet user');
      expect(await editorText(page.getByLabel('URL path'))).toBe('/users/{{id}}');
      await page.getByRole('img', { name: 'Unsaved changes' }).first().waitFor();
    };

    // The address keeps the open project: the reloaded page opens it again by itself.
    await page.reload();
    await expectRestored();

    await session.app.stop();
    const restarted = await startAppProcess({ dataDir: session.app.dataDir });
    await page.goto(await uiUrlOf(restarted));
    await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
    await expectRestored();
  });
});
