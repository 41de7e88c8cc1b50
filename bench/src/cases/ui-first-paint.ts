import type { Page } from 'playwright-core';
import { createDataDir, startAppProcess } from '../../../e2e/support/app-process.js';
import { launchBrowser } from '../../../e2e/support/browser.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { median } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';

const STARTS = 7;

/**
 * In the page, from its start: the wall-clock time (the clock Node's `performance.timeOrigin + performance.now()`
 * reads) of the first frame drawn with the projects list holding "Agent imports", once the task after that frame
 * has run. The page times itself, as ui-open-10k does: Playwright's own waiting polls with backoff (0, 20, 50,
 * 100 ms …), which would add up to a poll's delay to whichever page paints later.
 */
const PAINT_WATCH = `window.__projectsPainted = new Promise((resolve) => {
  const shown = () => {
    const list = document.querySelector('ul[aria-label="Projects"]');
    if (list === null) return false;
    for (const element of list.querySelectorAll('*')) if (element.textContent.trim() === 'Agent imports') return true;
    return false;
  };
  new MutationObserver((_, observer) => {
    if (!shown()) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => resolve(performance.timeOrigin + performance.now()), 0),
    );
  }).observe(document, { childList: true, subtree: true, characterData: true });
})`;

/** Opens `url` and resolves to the wall-clock time its projects list was painted (PAINT_WATCH). */
async function paintedProjects(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return (await page.evaluate('window.__projectsPainted')) as number;
}

/** Now on the wall clock, as the page reads it. */
const wallClock = (): number => performance.timeOrigin + performance.now();

/**
 * `client --no-window` spawned until its projects screen is painted in Chromium (the address it prints opened,
 * the UI loaded, the projects listed), against a bare node:http server spawned until a static page listing the same
 * project is painted in the same browser; median of 7 each, in turns, on a returning user's data dir.
 */
export const uiFirstPaint: BenchCase = {
  ids: ['ui-first-paint'],
  async run(context) {
    const dataDir = createDataDir();
    const first = await startAppProcess({ dataDir });
    await first.request('POST', '/agent/curl', { body: { command: 'curl https://api.example.com/v1/items' } });
    await first.stop();
    const browser = await launchBrowser();
    const { page } = browser;
    await page.addInitScript(PAINT_WATCH);
    const ours = async (): Promise<number> => {
      const started = wallClock();
      const app = await startAppProcess({ dataDir });
      try {
        return (await paintedProjects(page, await uiUrlOf(app))) - started;
      } finally {
        await page.goto('about:blank');
        await app.stop();
      }
    };
    const bare = async (): Promise<number> => {
      const started = wallClock();
      const server = await startBareServer('bare-static-server');
      try {
        return (await paintedProjects(page, `${server.origin}/`)) - started;
      } finally {
        await page.goto('about:blank');
        await server.stop();
      }
    };
    try {
      await bare();
      await ours();
      const oursMs: number[] = [];
      const baselineMs: number[] = [];
      for (let start = 0; start < STARTS; start++) {
        baselineMs.push(await bare());
        oursMs.push(await ours());
      }
      context.log(`  client: ${oursMs.map((ms) => Math.round(ms)).join(' ')} ms`);
      context.log(`  bare:   ${baselineMs.map((ms) => Math.round(ms)).join(' ')} ms`);
      return [
        {
          id: 'ui-first-paint',
          value: median(oursMs),
          unit: 'ms',
          baseline: { name: 'bare node:http server spawned → a static page painted', value: median(baselineMs) },
          goal: { comparison: '<=', ratio: 2 },
          note: `median of ${STARTS} starts each, in turns, in one headless Chromium, on a data dir holding a project`,
        },
      ];
    } finally {
      await browser.close();
    }
  },
};
