import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { openStore } from '@client/store';
import { cleanupAppProcesses, startAppProcess } from '../../../e2e/support/app-process.js';
import { type BrowserSession, launchBrowser } from '../../../e2e/support/browser.js';
import { createLargeProjects, itemName } from '../../../e2e/support/large-projects.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { settle } from '../runner/process-memory.js';
import { descendantsProportionalBytes, proportionalBytes } from '../runner/process-tree-memory.js';
import { median } from '../runner/rounds.js';

const LARGE = { name: 'Ten thousand', endpoints: 10_000, folders: 10 };
const TURNS = 3;
/** As a person would look at the task manager: a while after the screen is drawn, once the page has settled. */
const SETTLE_MS = 4_000;
const MIB = 1024 * 1024;

/** A JSON document of about 1 MB of realistic records. */
function oneMegabyte(): string {
  const records: unknown[] = [];
  let size = 0;
  for (let id = 0; size < 1_000_000; id++) {
    const record = { id, name: `user ${id}`, email: `user${id}@example.com`, active: id % 3 === 0, score: id * 1.5 };
    records.push(record);
    size += JSON.stringify(record).length + 1;
  }
  return JSON.stringify({ records });
}

/** A baseline's page: these names in a plain list, no script. */
function staticList(names: readonly string[]): string {
  const items = names.map((name) => `<li>${name}</li>`).join('');
  return `<!doctype html><html lang="en"><head><title>List</title></head><body><ul>${items}</ul></body></html>`;
}

/** Summed PSS of the browser's processes, in bytes, once the page has settled. */
async function browserBytes(): Promise<{ bytes: number; processes: number }> {
  await settle(SETTLE_MS);
  return descendantsProportionalBytes(process.pid, 'chromium');
}

/**
 * The memory a person sees in their task manager for the window: the summed PSS of the browser's processes with a
 * project of 10,000 endpoints open, one endpoint open in the editor and its 1 MB JSON answer shown, against the same
 * browser (same flags and viewport) showing a static page of the same 10,000 names in a plain list. One browser at a
 * time, in turns, the median of three each; the app process's PSS is printed beside it.
 */
export const windowMemory: BenchCase = {
  ids: ['window-memory', 'window-memory-projects-screen'],
  async run(context) {
    const body = oneMegabyte();
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { dataDir, projectIds } = await createLargeProjects([LARGE]);
    const store = openStore(join(dataDir, 'client.db'));
    const projectId = projectIds.get(LARGE.name) ?? '';
    // The project's requests go to the local server (a path is relative to the project's `base_url`).
    store.variables.set(projectId, 'base_url', origin);
    store.importCurl({ command: `curl ${origin}/records`, projectId, name: 'Records' });
    await store.close();
    const app = await startAppProcess({ dataDir });
    const url = await uiUrlOf(app);
    const inBrowser = async (show: (session: BrowserSession) => Promise<void>) => {
      const session = await launchBrowser();
      try {
        await show(session);
        return await browserBytes();
      } finally {
        await session.close();
      }
    };
    const endpointNames = Array.from({ length: LARGE.endpoints }, (_, index) => itemName(index));
    const projectNames = Array.from({ length: 10 }, (_, index) => `Project ${index + 1}`);
    const ours: number[] = [];
    const baseline: number[] = [];
    const projectsScreen: number[] = [];
    const projectsBaseline: number[] = [];
    const appBytes: number[] = [];
    try {
      for (let turn = 0; turn < TURNS; turn++) {
        const names = await inBrowser(async ({ page }) => {
          await page.setContent(staticList(projectNames));
        });
        projectsBaseline.push(names.bytes);
        const projects = await inBrowser(async ({ page }) => {
          await page.goto(url);
          await page.getByRole('list', { name: 'Projects' }).getByText(LARGE.name, { exact: true }).waitFor();
        });
        projectsScreen.push(projects.bytes);
        const plain = await inBrowser(async ({ page }) => {
          await page.setContent(staticList(endpointNames));
        });
        baseline.push(plain.bytes);
        const window = await inBrowser(async ({ page }) => {
          await page.goto(url);
          await page.getByRole('list', { name: 'Projects' }).getByText(LARGE.name, { exact: true }).click();
          const search = page.getByLabel('Search endpoints');
          await search.fill('Records');
          await page.getByRole('treeitem', { name: 'GET Records' }).click();
          await search.fill('');
          await page.getByRole('button', { name: 'Send', exact: true }).click();
          await page.locator('[data-testid="response-body"] .code-line').first().waitFor();
        });
        ours.push(window.bytes);
        appBytes.push(proportionalBytes(app.pid));
        context.log(
          `  turn ${turn + 1}: window ${(window.bytes / MIB).toFixed(1)} MiB in ${window.processes} processes, ` +
            `static list ${(plain.bytes / MIB).toFixed(1)} MiB in ${plain.processes}, ` +
            `app ${((appBytes.at(-1) ?? 0) / MIB).toFixed(1)} MiB; projects screen ` +
            `${(projects.bytes / MIB).toFixed(1)} MiB, ten names ${(names.bytes / MIB).toFixed(1)} MiB`,
        );
      }
    } finally {
      await cleanupAppProcesses();
      await new Promise((resolve) => server.close(resolve));
    }
    return [
      {
        id: 'window-memory',
        value: median(ours) / MIB,
        unit: 'MiB',
        baseline: {
          name: 'the same Chromium showing the 10,000 names in a static list',
          value: median(baseline) / MIB,
        },
        goal: { comparison: '<=', ratio: 1.3 },
        note:
          `summed PSS of the browser's processes ${SETTLE_MS / 1000} s after a 1 MB JSON answer was shown in a ` +
          `project of 10,000 endpoints, median of ${TURNS} in turns; the app process: ` +
          `${(median(appBytes) / MIB).toFixed(1)} MiB PSS`,
      },
      {
        id: 'window-memory-projects-screen',
        value: median(projectsScreen) / MIB,
        unit: 'MiB',
        baseline: {
          name: 'the same Chromium showing ten project names in a static list',
          value: median(projectsBaseline) / MIB,
        },
        note: `the window on its first screen, the projects list, ${SETTLE_MS / 1000} s after it was drawn`,
      },
    ];
  },
};
