import { THEMES, type Theme } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { readTheme } from '../theme-preference.js';
import type { UiContext } from '../ui-context.js';

const SPLITS = ['auto', 'horizontal', 'vertical'] as const;

/** How the window is divided; the bounds are the schema's, so a stored value outside them is never read back. */
const LAYOUT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sidebarWidth: { type: 'integer', minimum: 180, maximum: 640 },
    sidebarCollapsed: { type: 'boolean' },
    split: { enum: [...SPLITS] },
    requestShare: { type: 'integer', minimum: 20, maximum: 80 },
  },
} as const;

interface Layout {
  /** The sidebar's width in CSS pixels while it is shown. */
  sidebarWidth: number;
  sidebarCollapsed: boolean;
  /** `horizontal`: the response beside the request; `vertical`: below it; `auto`: beside in a wide window. */
  split: (typeof SPLITS)[number];
  /** The percentage of the editor the request takes; the response has the rest. */
  requestShare: number;
}

const DEFAULT_LAYOUT: Layout = { sidebarWidth: 290, sidebarCollapsed: false, split: 'auto', requestShare: 50 };

interface Preferences {
  /** `system` follows the OS's light or dark setting. */
  theme: Theme;
  layout: Layout;
}

/** Each field of a stored layout that is still valid; a damaged or older value falls back field by field. */
function readLayout(stored: string | undefined): Layout {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? '{}');
  } catch {
    return DEFAULT_LAYOUT;
  }
  const value = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const within = (field: 'sidebarWidth' | 'requestShare') => {
    const { minimum, maximum } = LAYOUT_SCHEMA.properties[field];
    const number = value[field];
    return Number.isInteger(number) && (number as number) >= minimum && (number as number) <= maximum
      ? (number as number)
      : DEFAULT_LAYOUT[field];
  };
  return {
    sidebarWidth: within('sidebarWidth'),
    sidebarCollapsed:
      typeof value.sidebarCollapsed === 'boolean' ? value.sidebarCollapsed : DEFAULT_LAYOUT.sidebarCollapsed,
    split: (SPLITS as readonly unknown[]).includes(value.split)
      ? (value.split as Layout['split'])
      : DEFAULT_LAYOUT.split,
    requestShare: within('requestShare'),
  };
}

/** The person's settings for the app itself, kept in the database so that every window and restart has them. */
export function registerPreferenceRoutes(app: FastifyInstance, context: UiContext): void {
  const { store } = context;
  const read = (): Preferences => {
    return {
      theme: readTheme(store),
      layout: readLayout(store.preferences.get('layout')),
    };
  };

  app.get('/api/preferences', read);

  app.put<{ Body: { theme?: Theme; layout?: Partial<Layout> } }>(
    '/api/preferences',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { theme: { enum: [...THEMES] }, layout: LAYOUT_SCHEMA },
        },
      },
    },
    (request) => {
      const { theme, layout } = request.body;
      if (theme !== undefined) store.preferences.set('theme', theme);
      // A partial layout changes only the fields it names, so a window that moved one separator keeps the rest.
      if (layout !== undefined) store.preferences.set('layout', JSON.stringify({ ...read().layout, ...layout }));
      return read();
    },
  );
}
