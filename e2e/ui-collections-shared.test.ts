import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_SHARED, SHARED, SHARED_CASES } from './support/shared-collections.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

interface Listed {
  projectId: string;
  name: string;
  baseUrl: string | null;
  endpointCount: number;
}

interface ListedEndpoint {
  method: string;
  path: string;
  name: string;
  body: { mode: string; text?: string };
  auth: { type: string };
}

let session: UiSession;
let page: Page;

const dialog = () => page.getByRole('dialog', { name: 'Import a collection' });
const count = async (kind: string) => Number(await dialog().getByTestId(`count-${kind}`).textContent());
const listProjects = async () => (await session.app.request('GET', '/agent/projects')).json as Listed[];

/** Picks the file (or Bruno folder) in the import dialog of the projects screen and reads its preview. */
async function preview(file: string): Promise<void> {
  await page.getByRole('button', { name: 'Projects' }).first().click();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  if (file.startsWith('bruno/')) {
    await dialog().getByRole('radio', { name: 'Bruno folder' }).click();
    await dialog().getByLabel('Bruno collection folder').setInputFiles(join(SHARED, file));
  } else {
    await dialog().getByLabel('Collection file').setInputFiles(join(SHARED, file));
  }
  await dialog().getByRole('button', { name: 'Preview' }).click();
  await dialog().getByTestId('count-endpoints').waitFor({ timeout: 60_000 });
}

describe.skipIf(!HAS_SHARED)(
  'importing the real files in ../shared/collections in the window (skipped where that folder is absent)',
  () => {
    beforeAll(async () => {
      session = await openUiSession();
      page = session.page;
    });
    afterAll(() => session?.close());

    it.each(SHARED_CASES)('imports %s: the preview counts, then the project', async (file, expected) => {
      await preview(file);
      expect({
        folders: await count('folders'),
        endpoints: await count('endpoints'),
        environments: await count('environments'),
      }).toEqual({
        folders: expected.folders,
        endpoints: expected.endpoints,
        environments: expected.environments ?? 0,
      });
      const before = new Set((await listProjects()).map((project) => project.projectId));
      await dialog().getByRole('button', { name: 'Import as a new project' }).click();
      await dialog().waitFor({ state: 'detached', timeout: 60_000 });
      const created = (await listProjects()).filter((project) => !before.has(project.projectId));
      expect(created).toMatchObject([{ endpointCount: expected.endpoints, baseUrl: expected.baseUrl }]);
      // The workspace of the new project opens with its tree.
      await page.getByRole('tree').waitFor();
    });

    it('keeps the methods, paths, bodies and auth of the Swagger petstore picked in the window', async () => {
      const petstore = (await listProjects()).find((project) => project.baseUrl === 'http://petstore.swagger.io/v2');
      const endpoints = (await session.app.request('GET', `/agent/endpoints/${petstore?.projectId}`))
        .json as ListedEndpoint[];
      const addPet = endpoints.find((endpoint) => endpoint.method === 'POST' && endpoint.path === '/pet');
      expect(addPet?.body.mode).toBe('json');
      expect(JSON.parse(addPet?.body.text ?? '')).toMatchObject({ name: 'doggie', photoUrls: ['string'] });
      expect(addPet?.auth.type).toBe('bearer');
      const byId = endpoints.find((endpoint) => endpoint.method === 'GET' && endpoint.path === '/pet/{{petId}}');
      expect(byId?.name).toBe('Find pet by ID');
    });
  },
);
