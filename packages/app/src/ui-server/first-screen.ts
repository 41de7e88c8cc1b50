import { counted, formatWhen, type ProjectListing } from '@client/core';
import type { Theme } from './theme-preference.js';

/**
 * The projects screen as the UI's React components draw it (packages/ui: App, TopBar, ProjectsScreen, Menu, Icon),
 * written into the page the window loads, so the projects are on screen before the page's scripts have run. React
 * replaces it with its own, identical, first render; until then it is inert and hidden from assistive technology,
 * which find the live screen a moment later. e2e/ui-first-screen-markup.test.ts fails when the two differ.
 */
export interface FirstScreen {
  projects: readonly ProjectListing[];
  theme: Theme;
}

/** What the page's script reads to draw its first render the same (packages/ui/src/first-screen-data.ts). */
const FIRST_SCREEN_DATA_ID = 'first-screen';

// React's escapes, for text and attribute values alike.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? '');

const ICON_PATHS = {
  send: 'M2 8l11-5.5L9.5 14 7.5 9z',
  download: 'M8 2.5v8M4.5 7 8 10.5 11.5 7M3 13.5h10',
  sparkle: 'M8 1.5l1.6 4.9 4.9 1.6-4.9 1.6L8 14.5l-1.6-4.9L1.5 8l4.9-1.6z',
  plus: 'M8 3v10M3 8h10',
  more: 'M3.5 8h.01M8 8h.01M12.5 8h.01',
} as const;

function icon(name: keyof typeof ICON_PATHS, size = 16): string {
  return (
    `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 16 16" fill="none" stroke="currentColor" ` +
    `stroke-width="${name === 'more' ? 2.4 : 1.4}" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">` +
    `<path d="${ICON_PATHS[name]}"></path></svg>`
  );
}

const button = (className: string, content: string): string =>
  `<button type="button" class="${className}">${content}</button>`;

function topBar(theme: Theme): string {
  const option = (value: Theme, label: string) =>
    `<option value="${value}"${value === theme ? ' selected=""' : ''}>${label}</option>`;
  return (
    '<header class="top-bar"><button type="button" class="brand" aria-label="Client, back to projects">' +
    `<span class="brand-mark" aria-hidden="true">${icon('send', 14)}</span><span class="brand-name">Client</span>` +
    `</button><nav class="breadcrumb" aria-label="Location">${button('crumb', 'Projects')}</nav>` +
    '<div class="toolbar-spacer"></div><select class="select theme-select" aria-label="Theme">' +
    `${option('system', 'System theme')}${option('light', 'Light')}${option('dark', 'Dark')}</select>` +
    `${button('button button-ghost agent-button', '<span class="status-dot" aria-hidden="true"></span>Agent')}</header>`
  );
}

function projectCard(project: ProjectListing, now: Date, locale: string | undefined): string {
  const name = escapeHtml(project.name);
  return (
    '<li class="project-card"><button type="button" class="project-card-open">' +
    `<span class="project-avatar" aria-hidden="true">${escapeHtml(project.name.slice(0, 1).toUpperCase())}</span>` +
    `<span class="project-card-text"><span class="project-card-name">${name}</span>` +
    `<span class="project-card-description">${escapeHtml(project.description || 'No description')}</span>` +
    `<span class="project-card-base mono">${escapeHtml(project.baseUrl ?? 'no base_url yet')}</span></span></button>` +
    `<div class="project-card-footer"><span>${counted(project.endpointCount, 'endpoint')}</span>` +
    `<span>updated ${escapeHtml(formatWhen(project.updatedAt, now, locale))}</span><div class="menu">` +
    `<button type="button" class="icon-button" aria-label="Actions for project ${name}" aria-haspopup="menu" ` +
    `aria-expanded="false">${icon('more')}</button></div></div></li>`
  );
}

const WELCOME =
  '<div class="welcome"><div class="welcome-icon">' +
  `${icon('send', 34)}</div><h2>Welcome to Client</h2><p class="muted">Create a project for the API you are ` +
  'working on, import a collection (OpenAPI, Postman, Insomnia, Bruno, HAR; or drop its file here), or start from a ' +
  'sample project with a few ready requests. Agents you connect in the Agent panel can save endpoints here as ' +
  `well.</p><div class="center-actions">${button('button button-primary', `${icon('plus', 14)} Create a project`)}` +
  `${button('button', `${icon('download', 14)} Import a collection`)}` +
  `${button('button', `${icon('sparkle', 14)} Create the sample project`)}</div></div>`;

function projectsScreen(projects: readonly ProjectListing[], now: Date, locale: string | undefined): string {
  const actions =
    (projects.length > 0 ? button('button', 'Back up') : '') +
    button('button', 'Restore') +
    button('button', `${icon('download', 14)} Import`) +
    button('button', `${icon('sparkle', 14)} Sample project`) +
    button('button button-primary', `${icon('plus', 14)} New project`);
  const list =
    projects.length === 0
      ? WELCOME
      : `<ul class="project-grid" aria-label="Projects">${projects.map((project) => projectCard(project, now, locale)).join('')}</ul>`;
  return (
    '<div class="projects-screen"><header class="projects-header"><div><h1>Projects</h1>' +
    '<p class="muted">Each project holds endpoints, variables and environments.</p></div>' +
    `<div class="projects-actions">${actions}</div></header>${list}</div>`
  );
}

/** The opening tag that marks the server's screen; React's own has no attributes but its class. */
export const FIRST_SCREEN_OPENING = '<div class="app" inert="" aria-hidden="true">';

/**
 * The first screen's markup, `.app` as React's first render draws it for these projects and theme (its later
 * renders add the agent's status and the event stream's state), and the data that first render reads. `locale` is
 * the window's language, for the dates of projects older than a day.
 */
export function renderFirstScreen(
  screen: FirstScreen,
  now: Date,
  locale: string | undefined,
): { markup: string; data: string } {
  return {
    markup: `${FIRST_SCREEN_OPENING}${topBar(screen.theme)}${projectsScreen(screen.projects, now, locale)}</div>`,
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
 * when it has no empty root (a build this does not know).
 */
export function pageWithFirstScreen(page: string, screen: FirstScreen, now: Date, locale: string | undefined): string {
  const root = '<div id="root"></div>';
  if (!page.includes(root)) return page;
  const { markup, data } = renderFirstScreen(screen, now, locale);
  const themed =
    screen.theme === 'system'
      ? page
      : page.replace('<html lang="en">', `<html lang="en" data-theme="${screen.theme}">`);
  return themed.replace(
    root,
    () => `<div id="root">${markup}</div><script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${data}</script>`,
  );
}
