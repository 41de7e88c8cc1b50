import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanupAppProcesses, startAppProcess } from '../../../e2e/support/app-process.js';
import { launchBrowser } from '../../../e2e/support/browser.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { bestOfAlternating } from '../runner/rounds.js';

/** A 10 MB JSON document of realistic records. */
function tenMegabytes(): string {
  const records: unknown[] = [];
  let size = 0;
  for (let id = 0; size < 10_000_000; id++) {
    const record = { id, name: `user ${id}`, email: `user${id}@example.com`, active: id % 3 === 0, score: id * 1.5 };
    records.push(record);
    size += JSON.stringify(record).length + 1;
  }
  return JSON.stringify({ records });
}

/**
 * In the page: sends the open endpoint with its Send button, and answers how long it took from the last byte of
 * the body reaching the page (the fetch of `/api/responses/<id>`) to the first frame with the pretty view drawn.
 */
const MEASURE_RENDER = `new Promise((resolve, reject) => {
  const before = document.querySelector('[data-testid="response-body"]');
  performance.clearResourceTimings();
  const observer = new MutationObserver(() => {
    const view = document.querySelector('[data-testid="response-body"]');
    if (view === null || view === before || view.querySelector('.code-line') === null) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const drawn = performance.now();
      const body = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/responses/'));
      if (body === undefined) reject(new Error('the body was not fetched by id'));
      else resolve(drawn - body.responseEnd);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  [...document.querySelectorAll('button')].find((button) => button.textContent.trim() === 'Send').click();
})`;

/** In the page: JSON.parse and JSON.stringify(…, null, 2) of the same body, the least any pretty view costs. */
const MEASURE_BASELINE = `(text) => {
  const started = performance.now();
  const pretty = JSON.stringify(JSON.parse(text), null, 2);
  if (pretty.length < text.length) throw new Error('not pretty');
  return performance.now() - started;
}`;

/**
 * From the response's last byte to a scrollable pretty view of a 10 MB JSON body in Chromium, through the real
 * app (Send button, the app's sender, the body fetched by id, the virtualised view), against JSON.parse and
 * JSON.stringify(…, null, 2) of the same body in the same page.
 */
export const responseRender10mb: BenchCase = {
  ids: ['response-render-10mb'],
  async run(context) {
    const body = tenMegabytes();
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const app = await startAppProcess();
    const browser = await launchBrowser();
    try {
      await app.request('POST', '/agent/curl', { body: { command: `curl ${origin}/records`, name: 'Records' } });
      const { page } = browser;
      await page.goto(await uiUrlOf(app));
      await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
      await page.getByRole('treeitem', { name: 'GET Records' }).click();
      await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
      // One unmeasured round of each, so neither pays for the first compile of its code.
      await page.evaluate(MEASURE_RENDER);
      const baselineFunction = await page.evaluateHandle(MEASURE_BASELINE);
      await baselineFunction.evaluate((measure, text) => (measure as (text: string) => number)(text), body);
      const { ours, baseline } = await bestOfAlternating(
        'lower',
        async () => {
          const value = await baselineFunction.evaluate(
            (measure, text) => (measure as (text: string) => number)(text),
            body,
          );
          context.log(`  JSON.parse + JSON.stringify in the page: ${value.toFixed(1)} ms`);
          return value;
        },
        async () => {
          const value = (await page.evaluate(MEASURE_RENDER)) as number;
          context.log(`  last byte to the pretty view drawn: ${value.toFixed(1)} ms`);
          return value;
        },
      );
      return [
        {
          id: 'response-render-10mb',
          value: ours,
          unit: 'ms',
          baseline: { name: 'JSON.parse + JSON.stringify(…, null, 2) of the body in the same page', value: baseline },
          goal: { comparison: '<=', ratio: 3 },
          note: `a ${(body.length / 1e6).toFixed(1)} MB JSON body sent with the Send button, in Chromium`,
        },
      ];
    } finally {
      await browser.close();
      await cleanupAppProcesses();
      await new Promise((resolve) => server.close(resolve));
    }
  },
};
