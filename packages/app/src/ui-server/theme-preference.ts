import { pendingThemeCookie, THEMES, type Theme } from '@client/core';
import type { Store } from '@client/store';
import { readCookie } from './session-guard.js';

const isTheme = (value: string | undefined): value is Theme =>
  (THEMES as readonly (string | undefined)[]).includes(value);

/** The theme the person chose; `system` (follow the OS) when none was chosen or the stored one is unknown. */
export function readTheme(store: Store): Theme {
  const stored = store.preferences.get('theme');
  return isTheme(stored) ? stored : 'system';
}

/**
 * Keeps a theme the window chose that its page request carries (`pendingThemeCookie`: chosen just before a reload,
 * whose own request may reach the app after it), and answers the `Set-Cookie` that drops it; null when it carries
 * none.
 */
export function keepPendingTheme(store: Store, cookieHeader: string | undefined, port: number): string | null {
  const name = pendingThemeCookie(port);
  const chosen = readCookie(cookieHeader, name);
  if (chosen === undefined) return null;
  if (isTheme(chosen)) store.preferences.set('theme', chosen);
  return `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
}
