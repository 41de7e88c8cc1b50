import { type FirstScreenTemplate, fillFirstScreen, type ProjectListing, type Theme } from '@client/core';

/**
 * The projects screen as the UI's React components draw it, written into the page the window loads, so the projects
 * are on screen before the page's scripts have run. The UI's build draws it with those components into a template
 * (`first-screen.json` beside its page; `@client/core`'s first-screen-template.ts) that is filled here. React
 * replaces it with its own, identical, first render; until then it is inert and hidden from assistive technology,
 * which find the live screen a moment later. e2e/ui-first-screen-markup.test.ts fails when the two differ.
 */
export interface FirstScreen {
  projects: readonly ProjectListing[];
  theme: Theme;
}

/** What the page's script reads to draw its first render the same (packages/ui/src/first-screen-data.ts). */
const FIRST_SCREEN_DATA_ID = 'first-screen';

/** The opening tag of React's screen. */
const REACT_OPENING = '<div class="app">';
/** The opening tag that marks the server's screen: the same, inert and hidden until React replaces it. */
export const FIRST_SCREEN_OPENING = '<div class="app" inert="" aria-hidden="true">';

/**
 * The first screen's markup, `.app` as React's first render draws it for these projects and theme (its later renders
 * add the agent's status and the event stream's state), and the data that first render reads; null when the
 * template draws something else (a build this does not know). `locale` is the window's language, for the dates of
 * projects older than a day.
 */
export function renderFirstScreen(
  template: FirstScreenTemplate,
  screen: FirstScreen,
  now: Date,
  locale: string | undefined,
): { markup: string; data: string } | null {
  const drawn = fillFirstScreen(template, screen.projects, screen.theme, now, locale);
  if (!drawn.startsWith(REACT_OPENING)) return null;
  return {
    markup: `${FIRST_SCREEN_OPENING}${drawn.slice(REACT_OPENING.length)}`,
    // Read as text by the page, never run: `<` is escaped so no value can close the element early.
    data: JSON.stringify({ projects: screen.projects, theme: screen.theme }).replace(/</g, '\\u003c'),
  };
}

/**
 * The first language the window accepts, for `toLocaleDateString`. Not checked here: that would load the runtime's
 * locale data for every page, while only a project older than a day needs it.
 */
export function windowLocale(acceptLanguage: string | undefined): string | undefined {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  return first === undefined || first === '' || first === '*' ? undefined : first;
}

/**
 * The built page with the first screen in its root and the chosen theme on its root element; the page unchanged
 * when it has no empty root or no template to draw with (a build this does not know).
 */
export function pageWithFirstScreen(
  page: string,
  template: FirstScreenTemplate | null,
  screen: FirstScreen,
  now: Date,
  locale: string | undefined,
): string {
  const root = '<div id="root"></div>';
  if (template === null || !page.includes(root)) return page;
  const drawn = renderFirstScreen(template, screen, now, locale);
  if (drawn === null) return page;
  const themed =
    screen.theme === 'system'
      ? page
      : page.replace('<html lang="en">', `<html lang="en" data-theme="${screen.theme}">`);
  return themed.replace(
    root,
    () =>
      `<div id="root">${drawn.markup}</div><script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${drawn.data}</script>`,
  );
}
