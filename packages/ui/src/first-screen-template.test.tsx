import { fillFirstScreen, type ProjectListing, THEMES, type Theme } from '@client/core';
import fc from 'fast-check';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from './app.js';
import { ToastProvider } from './components/toasts.js';
import { firstScreenTemplate } from './first-screen-template.js';
import { AppEventsProvider } from './hooks/app-events.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');

const inProviders = (children: ReactNode) =>
  renderToStaticMarkup(
    <ToastProvider>
      <AppEventsProvider>{children}</AppEventsProvider>
    </ToastProvider>,
  );

/** `.app` as React draws it first for a page that came with these projects and theme. */
function reactFirstRender(projects: ProjectListing[], theme: Theme): string {
  const page = inProviders(<App firstProjects={Promise.resolve(projects)} firstScreen={{ projects, theme }} />);
  // The providers draw the toasts' live region after the app.
  return page.slice(0, page.length - inProviders(null).length);
}

const project = fc.record({
  projectId: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 30 }),
  description: fc.string({ maxLength: 30 }),
  baseUrl: fc.option(fc.webUrl(), { nil: null }),
  endpointCount: fc.nat(2000),
  createdAt: fc.constant('2026-01-01T00:00:00.000Z'),
  updatedAt: fc.date({ min: new Date('2025-01-01'), max: NOW, noInvalidDate: true }).map((date) => date.toISOString()),
});

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterAll(() => {
  vi.useRealTimers();
});

describe('the first screen template', () => {
  const template = firstScreenTemplate();

  it("filled with any projects in any theme, is React's first render of them", () => {
    fc.assert(
      fc.property(fc.array(project, { maxLength: 4 }), fc.constantFrom(...THEMES), (projects, theme) => {
        expect(fillFirstScreen(template, projects, theme, NOW, undefined)).toBe(reactFirstRender(projects, theme));
      }),
      { numRuns: 40 },
    );
  });

  it('escapes names as React does, and welcomes a person with no projects', () => {
    const hostile: ProjectListing = {
      projectId: 'p1',
      name: `<script>alert("x")</script> & 'co'`,
      description: '<img src=x onerror=alert(1)>',
      baseUrl: null,
      endpointCount: 1,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    };
    const drawn = fillFirstScreen(template, [hostile], 'dark', NOW, undefined);
    expect(drawn).toBe(reactFirstRender([hostile], 'dark'));
    expect(drawn).toContain('aria-label="Actions for project &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;');
    expect(drawn).not.toContain('<script');
    expect(drawn).toContain('<option value="dark" selected="">Dark</option>');
    expect(fillFirstScreen(template, [], 'system', NOW, undefined)).toContain('<h2>Welcome to Client</h2>');
  });
});
