import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.js';
import { editorText } from './support/code-editor.js';
import { openUiApi } from './support/ui-api.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let page: Page;
let repo: string;
let folder: string;

function git(...args: string[]): void {
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

/** The file (relative to the folder) of the request named `name`, wherever the app placed and named it. */
function fileOf(name: string): string {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.yml'));
  const found = files.find((file) => readFileSync(join(folder, file), 'utf8').includes(`name: ${name}\n`));
  if (found === undefined) throw new Error(`no file of ${folder} holds the request ${name}: ${files.join(', ')}`);
  return found;
}

/** Rewrites a request's file as an editor would: the whole file replaced in one write. */
function edit(name: string, change: (text: string) => string): void {
  const path = join(folder, fileOf(name));
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

const tree = () => page.getByRole('tree');
const row = (name: string) => tree().getByRole('treeitem', { name: new RegExp(name) });
const status = () => page.getByRole('region', { name: 'Linked folder' });
const urlPath = () => page.getByLabel('URL path');
const urlText = () => editorText(urlPath());

async function shoot(name: string): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await session.browser.screenshot(`linked-${name}-${width}x${height}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'client-linked-repo-'));
  folder = join(repo, 'api');
  mkdirSync(folder);
  git('init', '-q', '-b', 'main');
  session = await openUiSession();
  page = session.page;
  const api = await openUiApi(session.app);
  const projectId = (await api.call('POST', '/api/projects', { name: 'Shop', baseUrl: 'https://shop.example.com' }))
    .json.id;
  for (const command of [
    'curl https://shop.example.com/orders',
    'curl https://shop.example.com/customers',
    'curl https://shop.example.com/invoices',
  ]) {
    await api.call('POST', `/api/projects/${projectId}/import-curl`, { command });
  }
  await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
  await row('orders').waitFor();
});

afterAll(async () => {
  await session?.close();
  if (repo !== undefined) rmSync(repo, { recursive: true, force: true });
});

describe('a project linked to a folder, in the window', () => {
  it('links the project from its menu and shows the folder and branch', async () => {
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('menuitem', { name: 'Link to folder…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link to folder' });
    await dialog.getByLabel('Folder path').fill(folder);
    expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
    await dialog.getByRole('button', { name: 'Link' }).click();
    await page.getByRole('status').getByRole('button', { name: 'Dismiss' }).click();
    await status().getByText('main').waitFor();
    await status().getByText('api').waitFor();
    // A fresh repository: every file the app wrote is new to git.
    await status()
      .getByText('4 changed')
      .or(status().getByText(/\d+ changed/))
      .waitFor();
    git('add', '.');
    git('commit', '-q', '-m', 'the shop');
    await status().getByText('no changes').waitFor();
    expect(describeViolations(await seriousViolations(page, '.link-status'))).toEqual([]);
  });

  it('shows an edit made on disk in the open tab, marks the request changed, and counts it', async () => {
    await row('orders').click();
    await expect.poll(urlText).toContain('/orders');
    edit('orders', (text) => text.replace('path: /orders', 'path: /orders/open'));
    await expect.poll(urlText).toContain('/orders/open');
    await row('orders').getByRole('img', { name: 'Changed since the last commit' }).waitFor();
    await status().getByText('1 changed').waitFor();
    expect(describeViolations(await seriousViolations(page, '[role="tree"]'))).toEqual([]);
    await shoot('status');
  });

  it('renames a request whose name changed in its file, and moves one whose file moved to a folder', async () => {
    edit('customers', (text) => text.replace('name: customers', 'name: clients'));
    await row('clients').waitFor();
    await expect(row('customers').count()).resolves.toBe(0);
    mkdirSync(join(folder, 'billing'));
    renameSync(join(folder, fileOf('invoices')), join(folder, 'billing', 'invoices.yml'));
    await tree().getByRole('treeitem', { name: 'billing' }).waitFor();
    await row('invoices').waitFor();
  });

  it('removes a request whose file was deleted', async () => {
    rmSync(join(folder, fileOf('invoices')));
    await expect.poll(() => row('invoices').count()).toBe(0);
  });

  it('follows a git checkout of another branch and back', async () => {
    git('add', '-A');
    git('commit', '-q', '-m', 'edits');
    git('checkout', '-q', '-b', 'health');
    // A request file of its own, seq included, as a teammate's branch carries it: a copy keeping the original's seq
    // would be renumbered by the app, a write to the working tree racing the commit and checkouts below.
    writeFileSync(
      join(folder, 'health.yml'),
      readFileSync(join(folder, fileOf('clients')), 'utf8')
        .replace('name: clients', 'name: health')
        .replace(/path: .*/, 'path: /health')
        .replace(/seq: \d+/, 'seq: 900000'),
    );
    git('add', '.');
    git('commit', '-q', '-m', 'health');
    git('checkout', '-q', 'main');
    await status().getByText('main').waitFor();
    await expect.poll(() => row('health').count()).toBe(0);
    git('checkout', '-q', 'health');
    await status().getByText('health').waitFor();
    await row('health').waitFor();
    git('checkout', '-q', 'main');
    await expect.poll(() => row('health').count()).toBe(0);
  });

  it('asks when a file changes under unsaved edits: keeping them keeps the typed URL', async () => {
    await row('orders').click();
    await urlPath().click();
    await page.keyboard.press('End');
    await page.keyboard.type('/typed');
    edit('orders', (text) => text.replace(/path: .*/, 'path: /orders/from-disk'));
    const prompt = page.getByRole('dialog', { name: '“orders” changed on disk' });
    await prompt.waitFor();
    expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
    await shoot('conflict');
    await prompt.getByRole('button', { name: 'Keep my edits' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    expect(await urlText()).toContain('/typed');
    await tree().getByRole('img', { name: 'Unsaved changes' }).waitFor();
  });

  it('asks again on the next change: taking the file’s drops the edits', async () => {
    edit('orders', (text) => text.replace(/path: .*/, 'path: /orders/second'));
    const prompt = page.getByRole('dialog', { name: '“orders” changed on disk' });
    await prompt.getByRole('button', { name: 'Take the file’s' }).click();
    await expect.poll(urlText).toContain('/orders/second');
    await expect.poll(() => tree().getByRole('img', { name: 'Unsaved changes' }).count()).toBe(0);
  });

  it('keeps the edits of a request deleted on disk as a new request', async () => {
    await row('clients').click();
    await urlPath().click();
    await page.keyboard.press('End');
    await page.keyboard.type('/kept');
    // The toast is waited for from before the delete: it goes away after a while, and may be gone by the time the
    // row's removal has been seen on a busy machine.
    const toast = page.getByRole('status').getByText('clients was deleted on disk').waitFor();
    rmSync(join(folder, fileOf('clients')));
    await toast;
    await expect.poll(() => row('clients').count()).toBe(0);
    expect(await urlText()).toContain('/kept');
    await page.getByRole('button', { name: 'Save' }).click();
    await row('clients').waitFor();
    await expect.poll(() => readFileSync(join(folder, fileOf('clients')), 'utf8')).toContain('/kept');
  });

  it('lists a file that does not parse with its line, and loses nothing else', async () => {
    writeFileSync(join(folder, 'broken.yml'), 'name: broken\nmethod: GET\npath: [/unclosed\n');
    const button = status().getByRole('button', { name: /1 file unreadable/ });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Files that could not be read' });
    const problems = dialog.getByRole('list', { name: 'Unreadable files' });
    await problems.getByText('broken.yml').waitFor();
    expect(await problems.textContent()).toMatch(/line \d+/);
    expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
    await shoot('problems');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row('orders').waitFor();
    await row('clients').waitFor();
  });
});

describe('a folder opened as a project, in the window', () => {
  it('opens a clone’s folder from the projects screen as a project of its own', async () => {
    const clone = mkdtempSync(join(tmpdir(), 'client-linked-clone-'));
    try {
      execFileSync('git', ['clone', '-q', repo, join(clone, 'shop')], { stdio: 'ignore' });
      await page.getByRole('button', { name: 'Projects', exact: true }).click();
      await page.getByRole('button', { name: 'Open folder…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Open folder as project' });
      await dialog.getByLabel('Folder path').fill(join(clone, 'shop', 'api'));
      expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
      await dialog.getByRole('button', { name: 'Open' }).click();
      await status().getByText('main').waitFor();
      await row('orders').waitFor();
      await row('clients').waitFor();
      expect(await status().getByTitle('Files changed since the last commit').textContent()).toBe('no changes');
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
