import type { ServerResponse } from 'node:http';
import { afterAll, describe, it } from 'vitest';
import { cleanupAppProcesses, startAppProcess } from '../support/app-process.js';
import { launchBrowser } from '../support/browser.js';
import { uiUrlOf } from '../support/ui-app.js';
import { startLocalServer } from '../support/ui-session.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
const WORDS = 'Server-sent events arrive one by one , and the window shows each as it comes .'.split(' ');

/** An OpenAI-style chat completion chunk carrying `content`. */
const chunk = (id: number, content: string) =>
  `id: ${id}\nevent: completion\ndata: ${JSON.stringify({ id: 'chatcmpl-7', object: 'chat.completion.chunk', model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content } }] })}\n\n`;

afterAll(() => cleanupAppProcesses());

// `npm run screenshots`: a chat completion streaming into the response panel (an event picked), and the text it
// wrote, at both window sizes, light and dark.
describe.each(SIZES)('a streamed answer at $width×$height', (size) => {
  it.each(SCHEMES)('in the %s theme', async (colorScheme) => {
    const held: ServerResponse[] = [];
    const server = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(WORDS.map((word, index) => chunk(index + 1, index === 0 ? word : ` ${word}`)).join(''));
      held.push(response);
    });
    const app = await startAppProcess();
    const browser = await launchBrowser({ viewport: size, colorScheme });
    try {
      await app.request('POST', '/agent/curl', {
        body: { command: `curl ${server.origin}/v1/chat/completions`, name: 'Chat completion' },
      });
      const { page } = browser;
      await page.goto(await uiUrlOf(app));
      await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
      await page.getByRole('treeitem', { name: 'GET Chat completion' }).click();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText(`${WORDS.length} events so far`).waitFor();
      await page.getByTestId('stream-row').nth(3).click();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-stream-live`);

      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByText(`${WORDS.length} events`, { exact: true }).waitFor();
      await page.getByRole('radio', { name: 'Text' }).click();
      await page.getByTestId('stream-text').waitFor();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-stream-text`);
    } finally {
      for (const response of held) response.destroy();
      await browser.close();
      await cleanupAppProcesses();
      await server.close();
    }
  });
});
