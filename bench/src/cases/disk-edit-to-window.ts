import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { watch } from 'chokidar';
import type { Page } from 'playwright-core';
import { cleanupAppProcesses, startAppProcess } from '../../../e2e/support/app-process.js';
import { launchBrowser } from '../../../e2e/support/browser.js';
import { openUiApi } from '../../../e2e/support/ui-api.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { median } from '../runner/rounds.js';

/** Edits measured, after one unmeasured. */
const SAMPLES = 15;

/** Epoch milliseconds with sub-millisecond precision, the same clock in Node and in Chromium. */
const wallNow = () => performance.timeOrigin + performance.now();

/**
 * In the page, started before the write: resolves with the wall-clock time of the first frame drawn after the
 * sidebar row of the request shows `path` (its title names the path), and the task after that frame run.
 */
const drawnWith = (path: string) => `new Promise((resolve) => {
  const tree = document.querySelector('[role="tree"]');
  const shows = () => [...tree.querySelectorAll('[role="treeitem"]')].some((row) => row.title.includes(${JSON.stringify(path)}));
  const observer = new MutationObserver(() => {
    if (!shows()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.timeOrigin + performance.now()), 0));
  });
  observer.observe(tree, { subtree: true, childList: true, attributes: true, attributeFilter: ['title'], characterData: true });
})`;

function fileHolding(folder: string, path: string): string {
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.yml')) continue;
    if (readFileSync(join(folder, name), 'utf8').includes(`path: ${path}\n`)) return name;
  }
  throw new Error(`no request file of ${folder} holds path ${path}`);
}

/**
 * In the page: a second event stream that keeps when each `linked-files-changed` arrived, so the time the app
 * took to announce a change is told apart from the time the window took to draw it.
 */
const RECORD_ARRIVALS = `(() => {
  window.benchArrivals = [];
  const source = new EventSource('/api/events?window=' + encodeURIComponent(sessionStorage.getItem('client-window') ?? ''));
  source.addEventListener('linked-files-changed', () => window.benchArrivals.push(performance.timeOrigin + performance.now()));
  return new Promise((resolve) => source.addEventListener('open', () => resolve(true), { once: true }));
})()`;

/** The app's own watcher of a linked folder (chokidar, hidden entries ignored), in the bench process. */
async function folderWatcher(folder: string) {
  const watcher = watch(folder, { ignoreInitial: true, ignored: (path) => path.slice(folder.length).includes('/.') });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return watcher;
}

/** One edit: the file's path line rewritten; when the watcher saw the write, and when the window drew it. */
async function oneEdit(
  page: Page,
  folder: string,
  from: string,
  to: string,
): Promise<{ watched: number; announced: number; drawn: number }> {
  const file = fileHolding(folder, from);
  const drawn = page.evaluate(drawnWith(to)) as Promise<number>;
  const watcher = await folderWatcher(folder);
  let watchedAt = 0;
  const seen = new Promise<void>((resolve) => {
    watcher.on('change', (path) => {
      if (path !== join(folder, file) || watchedAt !== 0) return;
      watchedAt = wallNow();
      resolve();
    });
  });
  const text = readFileSync(join(folder, file), 'utf8').replace(`path: ${from}\n`, `path: ${to}\n`);
  const written = wallNow();
  writeFileSync(join(folder, file), text);
  const [drawnAt] = await Promise.all([drawn, seen]);
  await watcher.close();
  const announcedAt = (await page.evaluate('window.benchArrivals.at(-1) ?? 0')) as number;
  return { watched: watchedAt - written, announced: announcedAt - written, drawn: drawnAt - written };
}

/**
 * A request's file edited on disk, as an editor saves it, to the change drawn in the window's sidebar, against
 * the time the watcher the app uses (chokidar, as the app sets it up) takes to report that same write in this
 * process: the cost the app adds on top of its watcher (the quiet moment, reading, parsing, saving, relaying,
 * redrawing).
 */
export const diskEditToWindow: BenchCase = {
  ids: ['disk-edit-to-window'],
  async run(context) {
    const folder = join(mkdtempSync(join(tmpdir(), 'client-bench-linked-')), 'api');
    mkdirSync(folder);
    const app = await startAppProcess();
    const browser = await launchBrowser();
    try {
      const api = await openUiApi(app);
      const projectId = (await api.call('POST', '/api/projects', { name: 'Linked', baseUrl: 'https://x.example' })).json
        .id;
      await api.call('POST', `/api/projects/${projectId}/import-curl`, { command: 'curl https://x.example/p0' });
      const linked = await api.call('POST', `/api/projects/${projectId}/link`, { folder });
      if (linked.status !== 200) throw new Error(`linking failed: ${linked.text}`);
      const { page } = browser;
      await page.goto(await uiUrlOf(app));
      await page.getByRole('list', { name: 'Projects' }).getByText('Linked', { exact: true }).click();
      await page.getByRole('treeitem').first().waitFor();
      await page.evaluate(RECORD_ARRIVALS);
      const announced: number[] = [];
      const watched: number[] = [];
      const drawn: number[] = [];
      for (let index = 0; index <= SAMPLES; index++) {
        const sample = await oneEdit(page, folder, `/p${index}`, `/p${index + 1}`);
        if (index === 0) continue;
        watched.push(sample.watched);
        announced.push(sample.announced);
        drawn.push(sample.drawn);
      }
      const ours = median(drawn);
      const baseline = median(watched);
      context.log(
        `  disk edit → window: ${ours.toFixed(1)} ms (→ event in the page ${median(announced).toFixed(1)} ms); → chokidar event: ${baseline.toFixed(2)} ms`,
      );
      return [
        {
          id: 'disk-edit-to-window',
          value: ours,
          unit: 'ms',
          baseline: { name: 'chokidar on the folder reporting the same write', value: baseline },
          goal: { comparison: '<=', ratio: 3 },
          note: `a request file's path rewritten on disk → its sidebar row redrawn in Chromium, median of ${SAMPLES}`,
        },
      ];
    } finally {
      await browser.close();
      await cleanupAppProcesses();
      rmSync(join(folder, '..'), { recursive: true, force: true });
    }
  },
};
