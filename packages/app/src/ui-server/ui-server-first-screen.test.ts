import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CARDS_SLOT, type FirstScreenTemplate, pendingThemeCookie, slotMark, toSlotted } from '@client/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-1a2b.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-3c4d.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const STYLES = '.project-grid { display: grid; }';
/** A template as the UI's build writes one beside its page. */
const screen = {
  empty: '<div class="app">Welcome</div>',
  listed: toSlotted(`<div class="app"><ul>${slotMark(CARDS_SLOT)}</ul></div>`),
};
const TEMPLATE: FirstScreenTemplate = {
  screens: { system: screen, light: screen, dark: screen },
  card: toSlotted(`<li><span class="project-card-name">${slotMark('name')}</span></li>`),
};

/** The page as the window loads it: a document the person opened, with the session's cookie. */
const windowLoad = (path = '/', headers: Record<string, string> = {}) =>
  call(app.ui.port, 'GET', path, {
    headers: { cookie: app.cookie, 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none', ...headers },
  });

beforeEach(async () => {
  app = await startTestApp();
  writeFileSync(join(app.dataDir, 'bundle', 'index.html'), PAGE);
  writeFileSync(join(app.dataDir, 'bundle', 'assets', 'index-3c4d.css'), STYLES);
  writeFileSync(join(app.dataDir, 'bundle', 'first-screen.json'), JSON.stringify(TEMPLATE));
  app.store.projects.create({ name: 'Shop <b>&</b>' });
  app.store.preferences.set('theme', 'dark');
});

afterEach(() => app.close());

describe('the page a window loads', () => {
  it('comes with the projects screen, the theme and its styles drawn in, never cached', async () => {
    const page = await windowLoad();
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('<html lang="en" data-theme="dark">');
    expect(page.text).toContain('<span class="project-card-name">Shop &lt;b&gt;&amp;&lt;/b&gt;</span>');
    expect(page.text).toContain(`<style>${STYLES}</style>`);
    expect(page.text).not.toContain('index-3c4d.css');
    expect(page.text).toContain('<script type="module" crossorigin src="/assets/index-1a2b.js"></script>');
    const data = /<script type="application\/json" id="first-screen">(.*?)<\/script>/.exec(page.text)?.[1];
    expect(JSON.parse(data ?? '')).toEqual({ projects: app.store.listProjectSummaries(), theme: 'dark' });
    expect(Number(page.headers['content-length'])).toBe(Buffer.byteLength(page.text));
  });

  it('is the same at /index.html, after a reload, and answers HEAD without a body', async () => {
    expect((await windowLoad('/index.html')).text).toContain('project-card-name');
    expect((await windowLoad('/', { 'sec-fetch-site': 'same-origin' })).text).toContain('project-card-name');
    const head = await call(app.ui.port, 'HEAD', '/', {
      headers: { cookie: app.cookie, 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' },
    });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(PAGE.length);
  });

  it('is the bare page for a load another site started, a load as anything but a document, or one that does not say', async () => {
    const loads: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-dest': 'script' },
      { 'sec-fetch-dest': 'iframe' },
    ];
    for (const headers of loads) {
      const page = await windowLoad('/', headers);
      expect(page.status).toBe(200);
      expect(page.text).toBe(PAGE);
    }
    const bare = await call(app.ui.port, 'GET', '/', { headers: { cookie: app.cookie } });
    expect(bare.text).toBe(PAGE);
  });

  it("is a new build's page once a build replaced it, and the bundle's answer while there is none", async () => {
    expect((await windowLoad()).text).toContain('index-1a2b.js');
    const page = join(app.dataDir, 'bundle', 'index.html');
    writeFileSync(page, PAGE.replace('index-1a2b.js', 'index-5e6f.js'));
    utimesSync(page, new Date(), new Date(Date.now() + 5000));
    const rebuilt = await windowLoad();
    expect(rebuilt.text).toContain('index-5e6f.js');
    expect(rebuilt.text).toContain('project-card-name');
    rmSync(page);
    const missing = await windowLoad();
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('is not part of the UI server');
  });

  it("is drawn with a new build's template, and left out by a build without one", async () => {
    const template = join(app.dataDir, 'bundle', 'first-screen.json');
    const card = toSlotted(`<li class="rebuilt">${slotMark('name')}</li>`);
    writeFileSync(template, JSON.stringify({ ...TEMPLATE, card }));
    utimesSync(template, new Date(), new Date(Date.now() + 5000));
    expect((await windowLoad()).text).toContain('<li class="rebuilt">Shop &lt;b&gt;&amp;&lt;/b&gt;</li>');
    rmSync(template);
    const bare = await windowLoad();
    expect(bare.status).toBe(200);
    expect(bare.text).toContain(`<style>${STYLES}</style>`);
    expect(bare.text).toContain('<div id="root"></div>');
    expect(bare.text).not.toContain('id="first-screen"');
  });

  it('keeps a theme the window chose that its load carries, drawn in it, and drops that cookie', async () => {
    const pending = pendingThemeCookie(app.ui.port);
    const page = await windowLoad('/', { 'sec-fetch-site': 'same-origin', cookie: `${app.cookie}; ${pending}=light` });
    expect(page.text).toContain('<html lang="en" data-theme="light">');
    expect(JSON.parse(/id="first-screen">(.*?)<\/script>/.exec(page.text)?.[1] ?? '').theme).toBe('light');
    expect(app.store.preferences.get('theme')).toBe('light');
    expect(page.headers['set-cookie']).toEqual([`${pending}=; Path=/; Max-Age=0; SameSite=Strict`]);

    // A value that is no theme is dropped without a change; a load another site started changes nothing.
    const unknown = await windowLoad('/', { cookie: `${app.cookie}; ${pending}=purple` });
    expect(unknown.text).toContain('<html lang="en" data-theme="light">');
    expect(unknown.headers['set-cookie']).toEqual([`${pending}=; Path=/; Max-Age=0; SameSite=Strict`]);
    const crossSite = await windowLoad('/', {
      'sec-fetch-site': 'cross-site',
      cookie: `${app.cookie}; ${pending}=dark`,
    });
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    expect(app.store.preferences.get('theme')).toBe('light');
  });

  it('is refused without the session, projects and all', async () => {
    const page = await call(app.ui.port, 'GET', '/', {
      headers: { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' },
    });
    expect(page.status).toBe(401);
    expect(page.text).not.toContain('Shop');
  });
});
