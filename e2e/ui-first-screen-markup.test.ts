import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { openUiApi } from './support/ui-api.js';
import { uiUrlOf } from './support/ui-app.js';

/**
 * The app draws the projects screen into the page it serves (packages/app/src/ui-server/first-screen.ts, from the
 * template the UI's build draws with React's components), and React replaces it with its own first render. The two
 * must be the same markup, or the screen jumps when React takes over: this compares them in Chromium, the page's
 * scripts blocked for the app's screen, then run for React's.
 */

/** In the page: React's first screen, as it is in the document the moment React put it there. */
const REACT_FIRST_RENDER = `window.__reactFirstRender = new Promise((resolve) => {
  new MutationObserver((_, observer) => {
    const app = document.querySelector('#root > .app:not([inert])');
    if (app === null) return;
    observer.disconnect();
    resolve({ markup: app.outerHTML, theme: app.querySelector('select[aria-label="Theme"]').value });
  }).observe(document, { childList: true, subtree: true });
})`;

interface Screen {
  markup: string;
  theme: string;
}

let browser: BrowserSession;
const violations: string[] = [];

/**
 * Markup as each side draws it, for comparison: a select's chosen option is an attribute in the app's markup and a
 * property in React's (compared apart, as `theme`), and only the app's screen is inert and hidden until replaced.
 */
const comparable = (markup: string): string =>
  markup.replace('<div class="app" inert="" aria-hidden="true">', '<div class="app">').replaceAll(' selected=""', '');

async function appScreen(page: Page, url: string): Promise<Screen & { injected: unknown; hidden: string | null }> {
  await page.route('**/assets/*.js', (route) => route.abort());
  try {
    await page.goto(url);
    return (await page.evaluate(`(() => {
      const app = document.querySelector('#root > .app');
      return {
        markup: app.outerHTML,
        theme: app.querySelector('select[aria-label="Theme"]').value,
        injected: window.__injected,
        hidden: app.getAttribute('aria-hidden'),
      };
    })()`)) as Screen & { injected: unknown; hidden: string | null };
  } finally {
    await page.unrouteAll();
  }
}

async function reactScreen(page: Page, url: string): Promise<Screen> {
  await page.goto(url, { waitUntil: 'commit' });
  return (await page.evaluate('window.__reactFirstRender')) as Screen;
}

async function compareScreens(app: AppProcess, theme: string): Promise<Screen> {
  const url = await uiUrlOf(app);
  const drawn = await appScreen(browser.page, url);
  expect(drawn.hidden).toBe('true');
  expect(drawn.injected).toBeUndefined();
  const rendered = await reactScreen(browser.page, url);
  expect(comparable(drawn.markup)).toBe(comparable(rendered.markup));
  expect([drawn.theme, rendered.theme]).toEqual([theme, theme]);
  expect(await browser.page.evaluate('document.documentElement.dataset.theme ?? "system"')).toBe(theme);
  await browser.page.goto('about:blank');
  return drawn;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await browser.context.addInitScript(REACT_FIRST_RENDER);
  browser.page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
  await cleanupAppProcesses();
});

describe('the projects screen the app draws into the page', () => {
  it("is React's first render of the same projects, names and all escaped, in the chosen theme", async () => {
    const app = await startAppProcess();
    const api = await openUiApi(app);
    const shop = await api.call('POST', '/api/projects', {
      name: 'Shop',
      description: 'Orders & <carts>',
      baseUrl: 'https://shop.test',
    });
    for (const path of ['orders', 'carts']) {
      const imported = await app.request('POST', '/agent/curl', {
        body: { command: `curl https://shop.test/${path}`, projectId: shop.json.id },
      });
      expect(imported.status).toBe(201);
    }
    const hostile = `<script>window.__injected = 1</script> "quoted" & 'single'`;
    expect((await api.call('POST', '/api/projects', { name: hostile })).status).toBe(201);
    const elan = await api.call('POST', '/api/projects', { name: 'élan', description: 'one' });
    const one = await app.request('POST', '/agent/curl', {
      body: { command: 'curl https://elan.test/items', projectId: elan.json.id },
    });
    expect(one.status).toBe(201);
    expect((await api.call('PUT', '/api/preferences', { theme: 'dark' })).status).toBe(200);

    const drawn = await compareScreens(app, 'dark');
    expect(drawn.markup).toContain('&lt;script&gt;window.__injected = 1&lt;/script&gt; "quoted" &amp; \'single\'');
    expect(drawn.markup).toContain('Orders &amp; &lt;carts&gt;');
    expect(drawn.markup).toContain('<span>2 endpoints</span>');
    expect(drawn.markup).toContain('<span>1 endpoint</span>');
    expect(violations).toEqual([]);
  });

  it("is React's welcome when there are no projects yet", async () => {
    const app = await startAppProcess();
    const drawn = await compareScreens(app, 'system');
    expect(drawn.markup).toContain('Welcome to Client');
    expect(violations).toEqual([]);
  });
});
