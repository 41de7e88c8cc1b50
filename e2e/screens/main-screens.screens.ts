import { afterAll, beforeAll, describe, it } from 'vitest';
import { cleanupAppProcesses, startAppProcess } from '../support/app-process.js';
import { launchBrowser } from '../support/browser.js';
import { seedScreens, startScreensApi, tourScreens } from '../support/main-screens.js';
import { uiUrlOf } from '../support/ui-app.js';
import type { LocalServer } from '../support/ui-session.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

let api: LocalServer;

beforeAll(async () => {
  api = await startScreensApi();
});

afterAll(async () => {
  await cleanupAppProcesses();
  await api?.close();
});

// `npm run screenshots`: every main screen and dialog at both window sizes, light and dark, into screenshots/.
describe.each(SIZES)('the main screens at $width×$height', (size) => {
  it.each(SCHEMES)('in the %s theme', async (colorScheme) => {
    const app = await startAppProcess();
    const browser = await launchBrowser({ viewport: size, colorScheme });
    try {
      await browser.page.goto(await uiUrlOf(app));
      await browser.page.getByRole('heading', { name: 'Welcome to Client' }).waitFor();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-00-welcome`);
      await seedScreens(browser.page, app, api);
      let index = 1;
      await tourScreens(browser.page, async (screen) => {
        const number = String(index++).padStart(2, '0');
        await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-${number}-${screen.name}`);
      });
    } finally {
      await browser.close();
    }
  });
});
