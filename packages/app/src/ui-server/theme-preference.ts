import { THEMES, type Theme } from '@client/core';
import type { Store } from '@client/store';

/** The theme the person chose; `system` (follow the OS) when none was chosen or the stored one is unknown. */
export function readTheme(store: Store): Theme {
  const stored = store.preferences.get('theme');
  return (THEMES as readonly (string | undefined)[]).includes(stored) ? (stored as Theme) : 'system';
}
