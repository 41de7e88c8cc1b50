import {
  CARDS_SLOT,
  type FirstScreenTemplate,
  PROJECT_CARD_FIELDS,
  type ProjectCardText,
  type ProjectListing,
  projectCardText,
  slotMark,
  THEMES,
  type Theme,
  toSlotted,
} from '@client/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { App } from './app.js';
import { ProjectCard } from './components/project-card.js';
import { ToastProvider } from './components/toasts.js';
import { AppEventsProvider } from './hooks/app-events.js';

/** The providers main.tsx renders the app in. */
const inProviders = (children: ReactNode) => (
  <ToastProvider>
    <AppEventsProvider>{children}</AppEventsProvider>
  </ToastProvider>
);

/** `.app` as the app's first render draws it when the page came with these projects and theme. */
function firstRender(projects: ProjectListing[], theme: Theme): string {
  const page = renderToStaticMarkup(
    inProviders(<App firstProjects={Promise.resolve(projects)} firstScreen={{ projects, theme }} />),
  );
  // What the providers draw beside the app (the toasts' live region) is not part of it.
  const beside = renderToStaticMarkup(inProviders(null));
  if (!page.startsWith('<div class="app">') || !page.endsWith(beside)) {
    throw new Error(`the first render is not .app followed by what its providers draw: ${page.slice(0, 200)}`);
  }
  return page.slice(0, page.length - beside.length);
}

const card = (text: ProjectCardText) =>
  renderToStaticMarkup(<ProjectCard text={text} onOpen={() => undefined} actions={[]} />);

/** A project the listed screens are drawn with, its card then made the `cards` slot. */
const SAMPLE: ProjectListing = {
  projectId: '00000000-0000-4000-8000-000000000000',
  name: 'Sample',
  description: '',
  baseUrl: null,
  endpointCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/**
 * The first screen the app writes into the page (the app's ui-server/first-screen.ts), drawn by the components
 * React draws it with: written to the bundle as `first-screen.json` by the build (vite.config.ts).
 */
export function firstScreenTemplate(): FirstScreenTemplate {
  const sampleCard = card(projectCardText(SAMPLE));
  const screen = (theme: Theme) => {
    const listed = firstRender([SAMPLE], theme).split(sampleCard);
    if (listed.length !== 2) throw new Error(`the projects screen does not hold the sample's card once (${theme})`);
    return { empty: firstRender([], theme), listed: toSlotted(listed.join(slotMark(CARDS_SLOT))) };
  };
  const marks = { ...projectCardText(SAMPLE) };
  for (const field of PROJECT_CARD_FIELDS) marks[field] = slotMark(field);
  return {
    screens: Object.fromEntries(THEMES.map((theme) => [theme, screen(theme)])) as FirstScreenTemplate['screens'],
    card: toSlotted(card(marks)),
  };
}
