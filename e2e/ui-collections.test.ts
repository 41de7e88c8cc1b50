import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorText } from './support/code-editor.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

/** Our own fixtures: an OpenAPI document with tags, a server and a bearer scheme, and a Postman v2.1 collection. */
const OPENAPI = `openapi: 3.0.3
info: { title: Shop, version: '1' }
servers: [{ url: https://shop.example.com/v1 }]
components:
  securitySchemes:
    token: { type: http, scheme: bearer }
security: [{ token: [] }]
paths:
  /orders:
    get: { tags: [Orders], summary: List orders, responses: { '200': { description: ok } } }
    post:
      tags: [Orders]
      summary: Create order
      requestBody:
        content:
          application/json: { example: { sku: A1, quantity: 2 } }
      responses: { '201': { description: created } }
  /orders/{id}:
    get: { tags: [Orders], summary: Get order, responses: { '200': { description: ok } } }
  /customers:
    get: { tags: [Customers], summary: List customers, responses: { '200': { description: ok } } }
  /health:
    get: { summary: Health, security: [], responses: { '200': { description: ok } } }
`;

const POSTMAN = JSON.stringify({
  info: { name: 'Echo', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  variable: [{ key: 'base_url', value: 'https://echo.example.com' }],
  item: [
    {
      name: 'Things',
      item: [
        { name: 'Get thing', request: { method: 'GET', url: '{{base_url}}/things/1' } },
        {
          name: 'Make thing',
          event: [{ listen: 'prerequest', script: { exec: ['pm.environment.set("x", 1)'] } }],
          request: {
            method: 'POST',
            description: 'Makes a thing from its JSON.',
            url: '{{base_url}}/things',
            body: { mode: 'raw', raw: '{"a":1}', options: { raw: { language: 'json' } } },
          },
        },
      ],
    },
    { name: 'Ping', request: { method: 'GET', url: '{{base_url}}/ping' } },
  ],
});

interface Listed {
  name: string;
  endpointCount: number;
}

let session: UiSession;
let page: Page;
/** The backup with sealed secrets downloaded by one test and restored by a later one. */
let sealedBackup = '';

beforeAll(async () => {
  session = await openUiSession();
  page = session.page;
});
afterAll(() => session?.close());

const dialog = () => page.getByRole('dialog', { name: 'Import a collection' });
const count = (kind: string) => dialog().getByTestId(`count-${kind}`);

async function shoot(name: string): Promise<void> {
  // Each screen at the two window sizes and in both themes; the PNGs are for a person to look at.
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await session.browser.screenshot(`${name}-${width}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function openProjectMenu(item: string): Promise<void> {
  await page.getByRole('button', { name: 'Project menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('collections in the UI', () => {
  it('imports an OpenAPI file picked in the dialog: preview first, then a new project with its folders', async () => {
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog()
      .getByLabel('Collection file')
      .setInputFiles({
        name: 'shop.yaml',
        mimeType: 'application/yaml',
        buffer: Buffer.from(OPENAPI),
      });
    await dialog().getByText('shop.yaml').waitFor();
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await count('endpoints').waitFor();
    expect(await count('endpoints').textContent()).toBe('5');
    expect(await count('folders').textContent()).toBe('2');
    expect(await count('environments').textContent()).toBe('0');
    const preview = dialog().getByRole('region', { name: 'Import preview' });
    expect(await preview.textContent()).toContain('https://shop.example.com/v1');
    expect(await preview.textContent()).toContain('bearer × 4');
    expect(await preview.textContent()).toContain('Creates the project “Shop”');
    // Nothing is written by a preview.
    expect((await session.app.request('GET', '/agent/projects')).json).toEqual([]);
    await shoot('ui-import-preview');

    await dialog().getByRole('button', { name: 'Import as a new project' }).click();
    await page.getByRole('treeitem', { name: 'GET List orders' }).waitFor();
    for (const name of [
      'Orders',
      'Customers',
      'POST Create order',
      'GET Get order',
      'GET List customers',
      'GET Health',
    ])
      expect(await page.getByRole('treeitem', { name, exact: true }).count()).toBe(1);
    const [project] = (await session.app.request('GET', '/agent/projects')).json as Listed[];
    expect(project).toMatchObject({ name: 'Shop', baseUrl: 'https://shop.example.com/v1', endpointCount: 5 });
    await page.getByRole('status').filter({ hasText: 'Imported 5 endpoints into Shop' }).waitFor();
    await shoot('ui-import-done');
  });

  it('imports a pasted Postman collection, reporting that its script runs', async () => {
    await openProjectMenu('Import a collection…');
    await dialog().getByRole('radio', { name: 'Paste text' }).click();
    await dialog().getByLabel('Collection text').fill(POSTMAN);
    await dialog().getByLabel('Import into').selectOption({ label: 'A new project' });
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await count('endpoints').waitFor();
    expect(await count('endpoints').textContent()).toBe('3');
    expect(await count('folders').textContent()).toBe('1');
    expect(await dialog().textContent()).toMatch(/script\(s\) imported: they run around their requests as in Postman/);
    await dialog().getByRole('button', { name: 'Import as a new project' }).click();
    await page.getByRole('treeitem', { name: 'GET Get thing' }).waitFor();
    for (const name of ['Things', 'POST Make thing', 'GET Ping'])
      expect(await page.getByRole('treeitem', { name, exact: true }).count()).toBe(1);
    const names = ((await session.app.request('GET', '/agent/projects')).json as Listed[]).map((p) => p.name);
    expect(names.sort()).toEqual(['Echo', 'Shop']);
  });

  it('merges a changed document into the existing project, skipping endpoints it already has', async () => {
    await page.getByRole('button', { name: 'Projects' }).first().click();
    await page.getByRole('button', { name: /^Shop/ }).click();
    await page.getByRole('treeitem', { name: 'GET List orders' }).waitFor();
    await openProjectMenu('Import a collection…');
    await dialog().getByRole('radio', { name: 'Paste text' }).click();
    await dialog()
      .getByLabel('Collection text')
      .fill(OPENAPI.replace('/health:', '/ready:').replace('Health', 'Ready'));
    // The open project is the destination at first.
    expect(await dialog().getByLabel('Import into').inputValue()).not.toBe('');
    await dialog().getByRole('radio', { name: 'Skip' }).click();
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await count('endpoints').waitFor();
    const preview = dialog().getByRole('region', { name: 'Import preview' });
    expect(await preview.textContent()).toContain('Into “Shop”: 1 new endpoint.');
    expect(await preview.getByRole('list', { name: 'Skipped' }).getByRole('listitem').count()).toBe(4);
    await shoot('ui-import-merge');
    await dialog().getByRole('button', { name: 'Import into the project' }).click();
    await page.getByRole('treeitem', { name: 'GET Ready' }).waitFor();
    expect(await page.getByRole('treeitem', { name: 'GET List orders', exact: true }).count()).toBe(1);
    const listed = (await session.app.request('GET', '/agent/projects')).json as Listed[];
    expect(listed.find((p) => p.name === 'Shop')?.endpointCount).toBe(6);
  });

  it('exports the open project as OpenAPI 3.1 and as Postman v2.1, as downloads', async () => {
    const [openapi] = await Promise.all([page.waitForEvent('download'), openProjectMenu('Export as OpenAPI 3.1')]);
    expect(openapi.suggestedFilename()).toBe('Shop.openapi.json');
    const document = JSON.parse(readFileSync(await openapi.path(), 'utf8'));
    expect(document.openapi).toMatch(/^3\.1/);
    expect(Object.keys(document.paths).sort()).toEqual(['/customers', '/health', '/orders', '/orders/{id}', '/ready']);
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://shop.example.com/v1' })]);
    const [postman] = await Promise.all([page.waitForEvent('download'), openProjectMenu('Export as Postman v2.1')]);
    const collection = JSON.parse(readFileSync(await postman.path(), 'utf8'));
    expect(collection.info.schema).toMatch(/v2\.1/);
    expect(JSON.stringify(collection)).toContain('List orders');
  });

  it('downloads a backup of every project, with secrets only when a passphrase is typed', async () => {
    await openProjectMenu('Back up all projects…');
    const backupDialog = page.getByRole('dialog', { name: 'Back up all projects' });
    await backupDialog.getByLabel('Include secret values').check();
    await backupDialog.getByLabel('Passphrase', { exact: true }).fill('correct horse battery');
    await backupDialog.getByLabel('Repeat the passphrase').fill('correct horse');
    await backupDialog.getByRole('button', { name: 'Download backup' }).click();
    await backupDialog.getByText('The two passphrases differ').waitFor();
    await backupDialog.getByLabel('Repeat the passphrase').fill('correct horse battery');
    await shoot('ui-backup');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      backupDialog.getByRole('button', { name: 'Download backup' }).click(),
    ]);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(file.projects.map((p: { project: { name: string } }) => p.project.name).sort()).toEqual(['Echo', 'Shop']);
    expect(file.secrets).toMatchObject({ kdf: 'scrypt' });
    sealedBackup = await download.path();
  });

  it('shows the imported description in the Docs tab and its script in the Scripts tab, and saves an edited description', async () => {
    await page.getByRole('button', { name: 'Projects' }).first().click();
    await page.getByRole('button', { name: /^Echo/ }).click();
    await page.getByRole('treeitem', { name: 'POST Make thing' }).click();
    await page.getByRole('tab', { name: /^Scripts/ }).click();
    expect(await editorText(page.getByLabel('Pre-request script of the endpoint'))).toBe('pm.environment.set("x", 1)');
    await page.getByRole('tab', { name: /^Docs/ }).click();
    const description = page.getByLabel('Description', { exact: true });
    expect(await description.inputValue()).toBe('Makes a thing from its JSON.');
    await shoot('ui-endpoint-docs');
    await description.fill('Makes a thing; answers 201 with its id.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).and(page.locator(':disabled')).waitFor();
    await page.reload();
    await page.getByRole('treeitem', { name: 'POST Make thing' }).click();
    await page.getByRole('tab', { name: /^Docs/ }).click();
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(
      'Makes a thing; answers 201 with its id.',
    );
  });

  it('imports a Postman environment file into the open project, its secret-typed value a secret', async () => {
    await openProjectMenu('Import a collection…');
    await dialog()
      .getByLabel('Collection file')
      .setInputFiles({
        name: 'Staging.postman_environment.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({
            name: 'Staging',
            _postman_variable_scope: 'environment',
            values: [
              { key: 'base_url', value: 'https://staging.echo.example.com', type: 'default', enabled: true },
              { key: 'token', value: 'staging-token', type: 'secret', enabled: true },
            ],
          }),
        ),
      });
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await count('environments').waitFor();
    expect(await count('environments').textContent()).toBe('1');
    expect(await count('endpoints').textContent()).toBe('0');
    await shoot('ui-import-environment');
    await dialog().getByRole('button', { name: 'Import into the project' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Imported 1 environment into Echo' }).waitFor();
    const projects = (await session.app.request('GET', '/agent/projects')).json as {
      projectId: string;
      name: string;
    }[];
    const echo = projects.find((project) => project.name === 'Echo');
    const environments = (await session.app.request('GET', `/agent/environments/${echo?.projectId}`)).json;
    expect(environments).toMatchObject([
      {
        name: 'Staging',
        variables: [
          { name: 'base_url', secret: false },
          { name: 'token', secret: true },
        ],
      },
    ]);
  });

  it('restores a backup picked in the dialog, asking for its passphrase, and says what it restored', async () => {
    const before = ((await session.app.request('GET', '/agent/projects')).json as Listed[]).length;
    await openProjectMenu('Restore from a backup…');
    const restore = page.getByRole('dialog', { name: 'Restore from a backup' });
    await restore.getByLabel('Backup file').setInputFiles(sealedBackup);
    await restore.getByText('secret values sealed with a passphrase').waitFor();
    await restore.getByLabel('Passphrase').fill('not the passphrase');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await restore.getByText(/passphrase does not open/).waitFor();
    expect(((await session.app.request('GET', '/agent/projects')).json as Listed[]).length).toBe(before);
    await restore.getByLabel('Passphrase').fill('correct horse battery');
    await shoot('ui-restore');
    await restore.getByRole('button', { name: 'Restore' }).click();
    const summary = restore.getByRole('region', { name: 'Restored' });
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Restored 2 projects');
    expect(await summary.textContent()).toContain('Echo (restored 2)');
    expect(await summary.textContent()).toContain('Shop (restored 2)');
    await shoot('ui-restore-done');
    await restore.getByRole('button', { name: 'Done' }).click();
    const names = ((await session.app.request('GET', '/agent/projects')).json as Listed[]).map((p) => p.name);
    expect(names.sort()).toEqual(['Echo', 'Echo (restored 2)', 'Shop', 'Shop (restored 2)']);
  });

  it('refuses a file that is not a backup, before anything is sent', async () => {
    await page.getByRole('button', { name: 'Projects' }).first().click();
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    const restore = page.getByRole('dialog', { name: 'Restore from a backup' });
    const notBackup = `${sealedBackup}.not-a-backup.json`;
    writeFileSync(notBackup, JSON.stringify({ openapi: '3.1.0' }));
    await restore.getByLabel('Backup file').setInputFiles(notBackup);
    await restore.getByText(/is not a Client backup/).waitFor();
    expect(await restore.getByRole('button', { name: 'Restore' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('opens the import with a file dropped anywhere on the window', async () => {
    // Evaluated in the page, as a browser's drop of a file from the desktop arrives.
    await page.evaluate(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(POSTMAN)}], 'dropped.postman_collection.json', { type: 'application/json' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        document.body.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    })()`);
    await dialog().getByText('dropped.postman_collection.json').waitFor();
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await count('endpoints').waitFor();
    expect(await count('endpoints').textContent()).toBe('3');
    await page.keyboard.press('Escape');
  });
});
