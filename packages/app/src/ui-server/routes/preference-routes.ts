import type { FastifyInstance } from 'fastify';
import type { UiContext } from '../ui-context.js';

const THEMES = ['system', 'light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface Preferences {
  /** `system` follows the OS's light or dark setting. */
  theme: Theme;
}

/** The person's settings for the app itself, kept in the database so that every window and restart has them. */
export function registerPreferenceRoutes(app: FastifyInstance, context: UiContext): void {
  const { store } = context;
  const read = (): Preferences => {
    const theme = store.preferences.get('theme');
    return { theme: (THEMES as readonly string[]).includes(theme ?? '') ? (theme as Theme) : 'system' };
  };

  app.get('/api/preferences', read);

  app.put<{ Body: Partial<Preferences> }>(
    '/api/preferences',
    {
      schema: {
        body: { type: 'object', additionalProperties: false, properties: { theme: { enum: [...THEMES] } } },
      },
    },
    (request) => {
      if (request.body.theme !== undefined) store.preferences.set('theme', request.body.theme);
      return read();
    },
  );
}
