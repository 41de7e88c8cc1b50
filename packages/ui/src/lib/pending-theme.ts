import { pendingThemeCookie } from '@client/core';
import type { Preferences } from '../api/types.js';

type Theme = Preferences['theme'];

const cookieName = () => pendingThemeCookie(window.location.port);

/**
 * Lets the window's requests carry a theme it chose until the app has kept it, so a reload that reaches the app
 * before the choice does is drawn in it, and keeps it (`pendingThemeCookie`).
 */
export function holdThemeChoice(theme: Theme): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API sets it later; a reload at once would miss it
  document.cookie = `${cookieName()}=${theme}; Path=/; SameSite=Strict`;
}

/** Drops the choice once the app has kept it, unless a later one is held now. */
export function releaseThemeChoice(theme: Theme): void {
  const held = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === cookieName())?.[1];
  if (held === theme) {
    // biome-ignore lint/suspicious/noDocumentCookie: set as it was held, see above
    document.cookie = `${cookieName()}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
  }
}
