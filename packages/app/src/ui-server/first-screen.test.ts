import type { ProjectListing } from '@client/core';
import fc from 'fast-check';
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

const PAGE =
  '<!doctype html>\n<html lang="en">\n<head><title>Client</title></head>\n<body>\n<div id="root"></div>\n</body>\n</html>';

describe('the first screen drawn into the page', () => {
  it('lists each project as the projects screen does, inert until React takes over', () => {
    const { markup } = renderFirstScreen(
      {
        projects: [project(), project({ name: 'api', description: '', baseUrl: null, endpointCount: 1 })],
        theme: 'system',
      },
      NOW,
      'en-US',
    );
    expect(markup.startsWith(FIRST_SCREEN_OPENING)).toBe(true);
    expect(markup).toContain('<ul class="project-grid" aria-label="Projects"><li class="project-card">');
    expect(markup).toContain('<span class="project-card-name">Shop</span>');
    expect(markup).toContain('<span>2 endpoints</span><span>updated 2 min ago</span>');
    expect(markup).toContain('<span class="project-avatar" aria-hidden="true">A</span>');
    expect(markup).toContain('<span class="project-card-description">No description</span>');
    expect(markup).toContain('<span class="project-card-base mono">no base_url yet</span>');
    expect(markup).toContain('<span>1 endpoint</span>');
    expect(markup).toContain('<button type="button" class="button">Back up</button>');
  });

  it('welcomes a person with no projects, without a backup to make', () => {
    const { markup } = renderFirstScreen({ projects: [], theme: 'system' }, NOW, undefined);
    expect(markup).toContain('<h2>Welcome to Client</h2>');
    expect(markup).not.toContain('Back up');
    expect(markup).not.toContain('aria-label="Projects"');
  });

  it('escapes every value a person or an agent wrote, in text and in attributes', () => {
    const hostile = project({
      name: `<script>alert("x")</script> & 'co'`,
      description: '<img src=x onerror=alert(1)>',
      baseUrl: 'https://x.test/"><script>',
    });
    const { markup, data } = renderFirstScreen({ projects: [hostile], theme: 'system' }, NOW, undefined);
    expect(markup).not.toContain('<script');
    expect(markup).not.toContain('<img');
    expect(markup).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;co&#x27;');
    expect(markup).toContain('aria-label="Actions for project &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toEqual({ projects: [hostile], theme: 'system' });
  });

  it('keeps any text out of the markup and the data: only the template writes tags and quotes', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const template = renderFirstScreen(
      { projects: [project({ name: 'a', description: 'b', baseUrl: 'c' })], theme: 'dark' },
      NOW,
      undefined,
    );
    const tags = (markup: string) => markup.match(/[<>"']/g)?.length ?? 0;
    fc.assert(
      fc.property(text, text, fc.option(text, { nil: null }), (name, description, baseUrl) => {
        const listed = project({ name, description, baseUrl });
        const { markup, data } = renderFirstScreen({ projects: [listed], theme: 'dark' }, NOW, undefined);
        expect(tags(markup)).toBe(tags(template.markup));
        expect(data).not.toContain('<');
        expect(JSON.parse(data).projects).toEqual([listed]);
      }),
    );
  });

  it('puts the theme on the page and in the select, and the data after the root', () => {
    const page = pageWithFirstScreen(PAGE, { projects: [project()], theme: 'dark' }, NOW, undefined);
    expect(page).toContain('<html lang="en" data-theme="dark">');
    expect(page).toContain('<option value="system">System theme</option><option value="light">Light</option>');
    expect(page).toContain('<option value="dark" selected="">Dark</option>');
    expect(page).toMatch(
      /<div id="root"><div class="app" inert="" aria-hidden="true">.*<\/div><script type="application\/json" id="first-screen">\{"projects":\[/s,
    );
    expect(pageWithFirstScreen(PAGE, { projects: [], theme: 'system' }, NOW, undefined)).toContain('<html lang="en">');
  });

  it('writes a name with replacement patterns as it is', () => {
    const page = pageWithFirstScreen(
      PAGE,
      { projects: [project({ name: "$& $' $`" })], theme: 'system' },
      NOW,
      undefined,
    );
    expect(page).toContain('<span class="project-card-name">$&amp; $&#x27; $`</span>');
  });

  it('leaves a page without an empty root as it is', () => {
    const page = '<!doctype html><title>Client</title>';
    expect(pageWithFirstScreen(page, { projects: [project()], theme: 'dark' }, NOW, undefined)).toBe(page);
  });

  it('dates a project older than a day in the window language', () => {
    const old = project({ updatedAt: '2026-01-05T10:00:00.000Z' });
    const date = (locale: string) => renderFirstScreen({ projects: [old], theme: 'system' }, NOW, locale).markup;
    expect(date('en-US')).toContain('<span>updated 1/5/2026</span>');
    expect(date('de-DE')).toContain('<span>updated 5.1.2026</span>');
    expect(date('not a tag!')).toContain(`<span>updated ${new Date(old.updatedAt).toLocaleDateString()}</span>`);
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
