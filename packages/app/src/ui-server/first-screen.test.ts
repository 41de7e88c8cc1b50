import { CARDS_SLOT, type FirstScreenTemplate, type ProjectListing, slotMark, toSlotted } from '@client/core';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_OPENING, pageWithFirstScreen, renderFirstScreen, windowLocale } from './first-screen.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');

function project(extra: Partial<ProjectListing> = {}): ProjectListing {
  return {
    projectId: '6f1c1d2e-8a51-4f43-9b7e-3d0f4a2c9e11',
    name: 'Shop',
    description: 'Orders and carts',
    baseUrl: 'https://shop.test',
    endpointCount: 2,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-02T11:58:00.000Z',
    ...extra,
  };
}

/** A template as the UI's build makes one (its own is checked against React in packages/ui and e2e). */
const screen = (theme: string) => ({
  empty: `<div class="app"><select><option>${theme}</option></select><h2>Welcome</h2></div>`,
  listed: toSlotted(
    `<div class="app"><select><option>${theme}</option></select><ul>${slotMark(CARDS_SLOT)}</ul></div>`,
  ),
});
const TEMPLATE: FirstScreenTemplate = {
  screens: { system: screen('system'), light: screen('light'), dark: screen('dark') },
  card: toSlotted(`<li aria-label="${slotMark('name')}">${slotMark('name')}, ${slotMark('updated')}</li>`),
};

const PAGE =
  '<!doctype html>\n<html lang="en">\n<head><title>Client</title></head>\n<body>\n<div id="root"></div>\n</body>\n</html>';

describe('the first screen drawn into the page', () => {
  it("is the template's screen for the theme and projects, inert until React takes over", () => {
    const drawn = renderFirstScreen(TEMPLATE, { projects: [project()], theme: 'light' }, NOW, undefined);
    expect(drawn?.markup).toBe(
      `${FIRST_SCREEN_OPENING}<select><option>light</option></select><ul><li aria-label="Shop">Shop, 2 min ago</li></ul></div>`,
    );
    const welcome = renderFirstScreen(TEMPLATE, { projects: [], theme: 'system' }, NOW, undefined);
    expect(welcome?.markup).toBe(
      `${FIRST_SCREEN_OPENING}<select><option>system</option></select><h2>Welcome</h2></div>`,
    );
  });

  it('carries the projects and theme as data no value can close early', () => {
    const hostile = project({
      name: '</script><script>alert(1)</script>',
      description: '<img src=x onerror=alert(1)>',
    });
    const drawn = renderFirstScreen(TEMPLATE, { projects: [hostile], theme: 'system' }, NOW, undefined);
    expect(drawn?.markup).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(drawn?.data).not.toContain('<');
    expect(JSON.parse(drawn?.data ?? '')).toEqual({ projects: [hostile], theme: 'system' });
  });

  it('puts the theme on the page, the screen in the root and the data after it', () => {
    const page = pageWithFirstScreen(PAGE, TEMPLATE, { projects: [project()], theme: 'dark' }, NOW, undefined);
    expect(page).toContain('<html lang="en" data-theme="dark">');
    expect(page).toMatch(
      /<div id="root"><div class="app" inert="" aria-hidden="true"><select><option>dark<\/option>.*<\/div><script type="application\/json" id="first-screen">\{"projects":\[/s,
    );
    const system = pageWithFirstScreen(PAGE, TEMPLATE, { projects: [], theme: 'system' }, NOW, undefined);
    expect(system).toContain('<html lang="en">');
  });

  it('writes a name with replacement patterns as it is', () => {
    const named = { projects: [project({ name: "$& $' $`" })], theme: 'system' } as const;
    expect(pageWithFirstScreen(PAGE, TEMPLATE, named, NOW, undefined)).toContain(
      '<li aria-label="$&amp; $&#x27; $`">$&amp; $&#x27; $`, 2 min ago</li>',
    );
  });

  it('dates the projects in the window language', () => {
    const old = project({ updatedAt: '2026-01-05T10:00:00.000Z' });
    const drawn = renderFirstScreen(TEMPLATE, { projects: [old], theme: 'system' }, NOW, 'de-DE');
    expect(drawn?.markup).toContain('Shop, 5.1.2026</li>');
  });

  it('leaves the page as it is without an empty root, a template, or a template of React’s screen', () => {
    const listed = { projects: [project()], theme: 'dark' } as const;
    const page = '<!doctype html><title>Client</title>';
    expect(pageWithFirstScreen(page, TEMPLATE, listed, NOW, undefined)).toBe(page);
    expect(pageWithFirstScreen(PAGE, null, listed, NOW, undefined)).toBe(PAGE);
    const other = {
      ...TEMPLATE,
      screens: { ...TEMPLATE.screens, dark: { empty: '', listed: ['<main>', 'cards', ''] } },
    };
    expect(pageWithFirstScreen(PAGE, other, listed, NOW, undefined)).toBe(PAGE);
  });
});

describe('the window language', () => {
  it('is the first language the window accepts', () => {
    expect(windowLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(windowLocale('en-GB;q=0.9')).toBe('en-GB');
  });

  it('is the runtime default when the header is missing or a wildcard', () => {
    expect(windowLocale(undefined)).toBeUndefined();
    expect(windowLocale('')).toBeUndefined();
    expect(windowLocale('*')).toBeUndefined();
  });
});
