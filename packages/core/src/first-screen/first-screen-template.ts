import type { ProjectListing } from '../listing/agent-listing.js';
import { PROJECT_CARD_FIELDS, projectCardText } from '../listing/project-card-text.js';

export const THEMES = ['system', 'light', 'dark'] as const;
/** `system` follows the OS's light or dark setting. */
export type Theme = (typeof THEMES)[number];

/** Markup with slots: the entries at even places are markup, those at odd places name the slot between them. */
export type SlottedMarkup = readonly string[];

/**
 * The projects screen as the UI's React components draw it in their first render (`.app`: the top bar and the
 * projects screen), made from them when the UI is built (packages/ui/src/first-screen-template.tsx) and filled by
 * the app for the page it serves, so the projects are on screen before the page's scripts have run. React then
 * draws the same markup; one source, the components, gives both.
 */
export interface FirstScreenTemplate {
  /** In each theme: the screen without projects (the welcome), and with them, their cards in the `cards` slot. */
  screens: Record<Theme, { empty: string; listed: SlottedMarkup }>;
  /** One project's card; its slots are the fields of `ProjectCardText`. */
  card: SlottedMarkup;
}

/** The slot with the listed screen's cards. */
export const CARDS_SLOT = 'cards';

// A character of Unicode's private use area, which React writes as it is and no markup of ours holds.
const MARK = '\uE000';
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`, 'g');

/** A value that stands for slot `name` when the components are drawn to make the template. */
export const slotMark = (name: string): string => `${MARK}${name}${MARK}`;

/** Markup drawn with `slotMark`s in it, as slotted markup. */
export const toSlotted = (markup: string): SlottedMarkup => markup.split(MARKED);

// React's escapes, for text and attribute values alike.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? '');

/** The markup with each slot's value (escaped by the caller) in its place. */
function fill(markup: SlottedMarkup, values: Readonly<Record<string, string>>): string {
  return markup.map((part, index) => (index % 2 === 0 ? part : (values[part] ?? ''))).join('');
}

/**
 * `.app` as React's first render draws it for these projects and theme; `now` and `locale` date the projects as the
 * window would. Every value is escaped as React escapes it.
 */
export function fillFirstScreen(
  template: FirstScreenTemplate,
  projects: readonly ProjectListing[],
  theme: Theme,
  now: Date,
  locale: string | undefined,
): string {
  const screen = template.screens[theme];
  if (projects.length === 0) return screen.empty;
  const cards = projects.map((project) => {
    const text = projectCardText(project, now, locale);
    const escaped = Object.fromEntries(PROJECT_CARD_FIELDS.map((field) => [field, escapeHtml(text[field])]));
    return fill(template.card, escaped);
  });
  return fill(screen.listed, { [CARDS_SLOT]: cards.join('') });
}

function isSlotted(value: unknown, slots: readonly string[]): value is SlottedMarkup {
  return (
    Array.isArray(value) &&
    value.length % 2 === 1 &&
    value.every((part, index) => typeof part === 'string' && (index % 2 === 0 || slots.includes(part)))
  );
}

/** The template in `value` (a build's JSON), or null when it is not one this code can fill. */
export function readFirstScreenTemplate(value: unknown): FirstScreenTemplate | null {
  if (typeof value !== 'object' || value === null) return null;
  const { screens, card } = value as Record<string, unknown>;
  if (typeof screens !== 'object' || screens === null || !isSlotted(card, PROJECT_CARD_FIELDS)) return null;
  for (const theme of THEMES) {
    const screen = (screens as Record<string, unknown>)[theme] as Record<string, unknown> | undefined;
    if (
      typeof screen?.empty !== 'string' ||
      !isSlotted(screen.listed, [CARDS_SLOT]) ||
      (screen.listed as SlottedMarkup).length !== 3
    ) {
      return null;
    }
  }
  return value as FirstScreenTemplate;
}
