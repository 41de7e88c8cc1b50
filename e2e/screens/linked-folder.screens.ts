import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { cleanupAppProcesses, startAppProcess } from '../support/app-process.js';
import { launchBrowser } from '../support/browser.js';
import { openUiApi } from '../support/ui-api.js';
import { uiUrlOf } from '../support/ui-app.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

function git(repo: string, ...args: string[]): void {
  execFileSync('git', args, {
    cwd: repo,
    stdio: 'ignore',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'T',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 'T',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
}

function rewrite(path: string, from: RegExp, to: string): void {
  writeFileSync(path, readFileSync(path, 'utf8').replace(from, to));
}

afterAll(() => cleanupAppProcesses());

// `npm run screenshots`: a linked project's status line with a changed request, the prompt when a file changes
// under unsaved edits, and the question before unlinking, at both window sizes, light and dark.
describe.each(SIZES)('a linked project at $width×$height', (size) => {
  it.each(SCHEMES)('in the %s theme', async (colorScheme) => {
    const repo = mkdtempSync(join(tmpdir(), 'client-screens-linked-'));
    const folder = join(repo, 'api');
    const app = await startAppProcess();
    const browser = await launchBrowser({ viewport: size, colorScheme });
    try {
      git(repo, 'init', '-q', '-b', 'main');
      const api = await openUiApi(app);
      const projectId = (await api.call('POST', '/api/projects', { name: 'Shop', baseUrl: 'https://shop.example.com' }))
        .json.id;
      for (const path of ['/orders', '/customers', '/invoices', '/health']) {
        await api.call('POST', `/api/projects/${projectId}/import-curl`, {
          command: `curl https://shop.example.com${path}`,
        });
      }
      await api.call('POST', `/api/projects/${projectId}/link`, { folder });
      git(repo, 'add', '.');
      git(repo, 'commit', '-q', '-m', 'the shop');
      const { page } = browser;
      await page.goto(await uiUrlOf(app));
      await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
      const status = page.getByRole('region', { name: 'Linked folder' });
      await status.getByText('no changes').waitFor();

      await page.getByRole('treeitem', { name: /orders/ }).click();
      rewrite(join(folder, 'orders.yml'), /path: .*/, 'path: /orders/open');
      await status.getByText('1 changed').waitFor();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-linked-status`);

      await page.getByLabel('URL path').click();
      await page.keyboard.press('End');
      await page.keyboard.type('?page=2');
      rewrite(join(folder, 'orders.yml'), /path: .*/, 'path: /orders/all');
      await page.getByRole('dialog', { name: '“orders” changed on disk' }).waitFor();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-linked-conflict`);

      await page.getByRole('button', { name: 'Keep my edits' }).click();
      await page.getByRole('button', { name: 'Project menu' }).click();
      await page.getByRole('menuitem', { name: 'Unlink from folder…' }).click();
      await page.getByRole('dialog', { name: 'Unlink from folder' }).waitFor();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-linked-unlink`);
    } finally {
      await browser.close();
      await cleanupAppProcesses();
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
