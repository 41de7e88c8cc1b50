import type { Page } from 'playwright-core';
import { createDataDir, startAppProcess } from '../../../e2e/support/app-process.js';
import { launchBrowser } from '../../../e2e/support/browser.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { median } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';

const STARTS = 7;

/** Opens `url` and resolves once the project list shows "Agent imports" and the frame holding it was drawn. */
async function paintedProjects(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).waitFor();
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(null)))');
}

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
    const ours = async (): Promise<number> => {
      const started = performance.now();
      const app = await startAppProcess({ dataDir });
      try {
        await paintedProjects(page, await uiUrlOf(app));
        return performance.now() - started;
      } finally {
        await page.goto('about:blank');
        await app.stop();
      }
    };
    const bare = async (): Promise<number> => {
      const started = performance.now();
      const server = await startBareServer('bare-static-server');
      try {
        await paintedProjects(page, `${server.origin}/`);
        return performance.now() - started;
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
