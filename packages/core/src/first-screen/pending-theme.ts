/**
 * The cookie a window's theme choice rides on until the app has kept it. The choice goes to the app at once, but a
 * reload that follows at once can reach the app first (the browser holds the choice's request back while its
 * connections are busy, as they are while the app builds its routes); the reload carries the cookie, so the app
 * keeps the choice and draws the page in it. The name carries the app's port, as cookies ignore ports.
 */
export const pendingThemeCookie = (port: number | string): string => `client_theme_${port}`;
