import { afterAll, describe, it } from 'vitest';
import { cleanupAppProcesses, startAppProcess } from '../support/app-process.js';
import { launchBrowser } from '../support/browser.js';
import { startGraphqlServer } from '../support/graphql-server.js';
import { openUiApi } from '../support/ui-api.js';
import { uiUrlOf } from '../support/ui-app.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

const QUERY = `query User($id: ID!) {
  user(id: $id) {
    name
    nickname
    role
  }
}`;

afterAll(() => cleanupAppProcesses());

// `npm run screenshots`: a GraphQL body with its schema fetched, a lint mark, the explorer open and an answer, at both
// window sizes, light and dark.
describe.each(SIZES)('a GraphQL endpoint at $width×$height', (size) => {
  it.each(SCHEMES)('in the %s theme', async (colorScheme) => {
    const graphql = await startGraphqlServer();
    const app = await startAppProcess();
    const browser = await launchBrowser({ viewport: size, colorScheme });
    try {
      const api = await openUiApi(app);
      const projectId = (await api.call('POST', '/api/projects', { name: 'Accounts' })).json.id;
      await api.call('PUT', `/api/projects/${projectId}/variables`, {
        variables: [{ key: 'base_url', value: new URL(graphql.url).origin }],
      });
      await api.call('POST', `/api/projects/${projectId}/endpoints`, {
        name: 'User',
        method: 'POST',
        path: '/graphql',
        queryParams: [],
        headers: [],
        body: { mode: 'graphql', query: QUERY, variables: '{\n  "id": "1"\n}', operationName: 'User' },
        auth: { type: 'none' },
        state: 'Designing',
        folderId: null,
      });
      const { page } = browser;
      await page.goto(await uiUrlOf(app));
      await page.getByRole('list', { name: 'Projects' }).getByText('Accounts', { exact: true }).click();
      await page.getByRole('treeitem', { name: 'POST User' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Schema: \d+ types/ })
        .waitFor();
      await page.locator('.cm-lintRange-error').first().waitFor();
      await page.getByRole('button', { name: 'Schema explorer' }).click();
      const explorer = page.getByRole('complementary', { name: 'Schema explorer' });
      await explorer.getByRole('button', { name: 'Query', exact: true }).click();
      await explorer.getByRole('button', { name: 'User', exact: true }).first().click();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByTestId('response-status').waitFor();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-graphql`);
      await explorer.scrollIntoViewIfNeeded();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-graphql-explorer`);
    } finally {
      await browser.close();
      await cleanupAppProcesses();
      await graphql.close();
    }
  });
});
