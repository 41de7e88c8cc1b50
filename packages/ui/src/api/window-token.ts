const STORAGE_KEY = 'client-window';
const HASH = /^#window=([A-Za-z0-9_-]+)$/;

/**
 * This window's token, which the app hands over once, in the address's fragment, when the window opens its
 * session. It is kept in sessionStorage, which belongs to this origin and port only (unlike the session
 * cookie, which the browser sends to every port of 127.0.0.1), so a page served from another local port
 * cannot learn it; the fragment is removed from the address at once.
 */
export function windowToken(): string {
  const fromAddress = HASH.exec(window.location.hash)?.[1];
  if (fromAddress !== undefined) {
    window.sessionStorage.setItem(STORAGE_KEY, fromAddress);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  return window.sessionStorage.getItem(STORAGE_KEY) ?? '';
}

/** The header every API call carries. */
export const WINDOW_HEADER = 'X-Client-Window';
