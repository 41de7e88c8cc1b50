import type { Page } from 'playwright-core';
import { cleanupAppProcesses, startAppProcess } from '../../../e2e/support/app-process.js';
import { launchBrowser } from '../../../e2e/support/browser.js';
import { createLargeProjects } from '../../../e2e/support/large-projects.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { bestOfAlternating, median } from '../runner/rounds.js';

const LARGE = { name: 'Ten thousand', endpoints: 10_000, folders: 10 };
const SMALL = { name: 'Ten', endpoints: 10, folders: 1 };
/** Each turn is the median of this many opens (or keystrokes), after one unmeasured. */
const SAMPLES = 5;

/**
 * In the page, started before the click that opens a project: from that click to the first frame painted with the
 * project's tree rows in it, and the task after it run (the page can take the next input).
 */
const MEASURE_OPEN = `new Promise((resolve) => {
  let clicked = 0;
  document.addEventListener('click', () => { clicked = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (clicked === 0 || document.querySelector('[role="tree"] [role="treeitem"]') === null) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clicked), 0));
  });
  observer.observe(document.body, { childList: true, subtree: true });
})`;

/** In the page, started before a key is pressed in the sidebar's search: from the key to the tree redrawn. */
const MEASURE_KEYSTROKE = `new Promise((resolve) => {
  let pressed = 0;
  document.addEventListener('keydown', () => { pressed = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (pressed === 0) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - pressed), 0));
  });
  observer.observe(document.querySelector('[role="tree"]'), { childList: true, subtree: true, characterData: true });
})`;

async function openProject(page: Page, name: string): Promise<number> {
  const measured = page.evaluate(MEASURE_OPEN) as Promise<number>;
  await page.getByRole('list', { name: 'Projects' }).getByText(name, { exact: true }).click();
  const elapsed = await measured;
  await page.getByLabel('Search endpoints').waitFor();
  return elapsed;
}

async function backToProjects(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  await page.getByRole('list', { name: 'Projects' }).waitFor();
}

/** One search keystroke that narrows the tree ("7" keeps the items whose name or path holds a 7), then cleared. */
async function searchKeystroke(page: Page): Promise<number> {
  const search = page.getByLabel('Search endpoints');
  const measured = page.evaluate(MEASURE_KEYSTROKE) as Promise<number>;
  await search.press('7');
  const elapsed = await measured;
  await search.press('Escape');
  await page.getByRole('treeitem').first().waitFor();
  return elapsed;
}

async function samples(measure: () => Promise<number>): Promise<number> {
  await measure();
  const taken: number[] = [];
  for (let i = 0; i < SAMPLES; i++) taken.push(await measure());
  return median(taken);
}

/**
 * Opening a project of 10,000 endpoints (ten folders, a thousand at the root) to an interactive tree, and a
 * search keystroke in it, against the same on a project of 10 endpoints, in one app and one Chromium page.
 */
export const uiOpen10k: BenchCase = {
  ids: ['ui-open-10k', 'ui-search-10k'],
  async run(context) {
    const { dataDir } = await createLargeProjects([LARGE, SMALL]);
    const app = await startAppProcess({ dataDir });
    const browser = await launchBrowser();
    try {
      const { page } = browser;
      await page.goto(await uiUrlOf(app));
      await page.getByRole('list', { name: 'Projects' }).waitFor();
      const open = (project: { name: string }) => async () => {
        const value = await samples(async () => {
          const elapsed = await openProject(page, project.name);
          await backToProjects(page);
          return elapsed;
        });
        context.log(`  open ${project.name}: ${value.toFixed(1)} ms`);
        return value;
      };
      const opened = await bestOfAlternating('lower', open(SMALL), open(LARGE));

      const keystroke = (project: { name: string }) => async () => {
        await openProject(page, project.name);
        const value = await samples(() => searchKeystroke(page));
        await backToProjects(page);
        context.log(`  search keystroke in ${project.name}: ${value.toFixed(1)} ms`);
        return value;
      };
      const searched = await bestOfAlternating('lower', keystroke(SMALL), keystroke(LARGE));
      return [
        {
          id: 'ui-open-10k',
          value: opened.ours,
          unit: 'ms',
          baseline: { name: 'opening a project of 10 endpoints the same way', value: opened.baseline },
          goal: { comparison: '<=', ratio: 2 },
          note: `click on the project → tree rows painted and the next task run, median of ${SAMPLES}, in Chromium`,
        },
        {
          id: 'ui-search-10k',
          value: searched.ours,
          unit: 'ms',
          baseline: { name: 'the same keystroke in the search of a project of 10 endpoints', value: searched.baseline },
          goal: { comparison: '<=', ratio: 2 },
          note: `a "7" typed in the sidebar search → the tree redrawn and the next task run, median of ${SAMPLES}`,
        },
      ];
    } finally {
      await browser.close();
      await cleanupAppProcesses();
    }
  },
};
