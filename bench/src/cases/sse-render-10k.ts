import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanupAppProcesses, startAppProcess } from '../../../e2e/support/app-process.js';
import { launchBrowser } from '../../../e2e/support/browser.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { bestOfAlternating } from '../runner/rounds.js';

const EVENTS = 10_000;

/** One chunk of an OpenAI-style chat completion stream, as an LLM API sends thousands of. */
const event = (id: number) =>
  `id: ${id}\nevent: completion\ndata: ${JSON.stringify({ id: 'chatcmpl-bench', choices: [{ index: 0, delta: { content: `token ${id} ` } }] })}\n\n`;

/**
 * In the page: sends the open endpoint with its Send button, and answers how long it took from the click to the
 * frame that draws the finished stream's list, all its events in it.
 */
const MEASURE_OURS = `new Promise((resolve) => {
  const before = document.querySelector('[data-testid="stream-count"]');
  const observer = new MutationObserver(() => {
    const count = document.querySelector('[data-testid="stream-count"]');
    if (count === null || count === before || count.textContent !== '${EVENTS.toLocaleString('en-US')} events') return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - started));
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  const started = performance.now();
  [...document.querySelectorAll('button')].find((button) => button.textContent.trim() === 'Send').click();
})`;

/**
 * In the page: the same stream read straight from the local server as it comes, cut into events at blank lines,
 * each appended to a plain list; from the fetch to the frame that draws the last one.
 */
const MEASURE_BASELINE = `async (url) => {
  const list = document.createElement('ul');
  list.style.cssText = 'position:fixed;inset:0;margin:0;overflow:auto;background:white;z-index:9999';
  document.body.append(list);
  const started = performance.now();
  const response = await fetch(url);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let count = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\\n\\n');
    while (end !== -1) {
      const item = document.createElement('li');
      item.textContent = buffer.slice(0, end);
      list.append(item);
      count++;
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\\n\\n');
    }
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const elapsed = performance.now() - started;
  list.remove();
  if (count !== ${EVENTS}) throw new Error('the plain list got ' + count + ' events');
  return elapsed;
}`;

/**
 * 10,000 server-sent events at full speed from a local server, through the real app (Send button, the engine's
 * event reading, the window's event stream, the virtual list), against the same events read by the page straight
 * from the same server and appended to a plain list.
 */
export const sseRender10k: BenchCase = {
  ids: ['sse-render-10k'],
  async run(context) {
    const body = Array.from({ length: EVENTS }, (_, id) => event(id + 1));
    const server = createServer((_request, response) => {
      // The baseline's page reads it from another origin.
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
      });
      for (const chunk of body) response.write(chunk);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const app = await startAppProcess();
    // The page's own policy lets it reach the app only; the baseline reads the local server straight.
    const browser = await launchBrowser({ bypassCsp: true });
    try {
      await app.request('POST', '/agent/curl', { body: { command: `curl ${origin}/chat`, name: 'Chat' } });
      const { page } = browser;
      await page.goto(await uiUrlOf(app));
      await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
      await page.getByRole('treeitem', { name: 'GET Chat' }).click();
      await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
      // One unmeasured round of each, so neither pays for the first compile of its code.
      await page.evaluate(MEASURE_OURS);
      const baselineFunction = await page.evaluateHandle(MEASURE_BASELINE);
      const baselineRound = () =>
        baselineFunction.evaluate(
          (measure, url) => (measure as (url: string) => Promise<number>)(url),
          `${origin}/chat`,
        );
      await baselineRound();
      const { ours, baseline } = await bestOfAlternating(
        'lower',
        async () => {
          const value = await baselineRound();
          context.log(`  the events read and appended to a plain list: ${value.toFixed(1)} ms`);
          return value;
        },
        async () => {
          const value = (await page.evaluate(MEASURE_OURS)) as number;
          context.log(`  Send to all ${EVENTS} events in the window's list: ${value.toFixed(1)} ms`);
          return value;
        },
      );
      return [
        {
          id: 'sse-render-10k',
          value: ours,
          unit: 'ms',
          baseline: {
            name: 'the same events read from the same server and appended to a plain list in the same page',
            value: baseline,
          },
          goal: { comparison: '<=', ratio: 2 },
          note: `${EVENTS} server-sent events (${(body.join('').length / 1e6).toFixed(1)} MB) at full speed, Send button, Chromium`,
        },
      ];
    } finally {
      await browser.close();
      await cleanupAppProcesses();
      await new Promise((resolve) => server.close(resolve));
    }
  },
};
