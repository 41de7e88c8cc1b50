import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '@client/core';
import { createTokenMatcher, loopbackHostOf, loopbackHostsText } from '@client/local';

/** What the guard decides for one request, before any route runs. */
type GuardDecision =
  | { kind: 'allow' }
  /**
   * A valid `?session=` on the page address: set the cookie and send the browser to `/#window=<token>`, the
   * window's own token, which the page keeps in its memory (sessionStorage, which is per port) and sends on
   * every API call.
   */
  | { kind: 'start-session'; cookie: string; windowToken: string }
  | { kind: 'refuse'; error: AppError };

export interface SessionGuard {
  /** The per-launch secret; it appears in the printed UI address and nowhere else (the cookie has a value of its own). */
  readonly secret: string;
  /** The cookie name carries the port: cookies ignore ports, and two apps on one machine must not collide. */
  readonly cookieName: string;
  check(headers: IncomingHttpHeaders, url: string): GuardDecision;
}

export const SESSION_QUERY = 'session';
/** The header that carries a window's token on every `/api/` call; EventSource, which sends no headers, uses `?window=`. */
const WINDOW_HEADER = 'x-client-window';
export const WINDOW_QUERY = 'window';
/** Windows opened in one run; the oldest token is forgotten beyond this. */
const MAX_WINDOWS = 64;

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The value of cookie `name` in a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The UI server's protection, as strict as the control plane's: the Host must be loopback with this port
 * (DNS rebinding), an Origin must be the UI's own (no other web page may drive it), and every request
 * carries the session — the secret from the printed address, kept by the browser in an HttpOnly,
 * SameSite=Strict cookie. Cookies ignore ports, so the browser also sends that cookie to any other server on
 * 127.0.0.1 it visits; the API therefore also needs the window's token, which only the UI's own page holds.
 */
export function createSessionGuard(port: number, secret: string = randomBytes(32).toString('base64url')): SessionGuard {
  const matches = createTokenMatcher(secret);
  const cookieName = `client_session_${port}`;
  // The cookie's own value, not the address's secret: any server on 127.0.0.1 the browser visits gets the cookie,
  // and with the address's secret it could open a session of its own and be handed a window token.
  const cookieValue = randomBytes(32).toString('base64url');
  const matchesCookie = createTokenMatcher(cookieValue);
  // Kept as digests, so a lookup's timing says nothing about a token's characters.
  const windows = new Set<string>();
  const openWindow = (): string => {
    const token = randomBytes(32).toString('base64url');
    windows.add(digest(token));
    if (windows.size > MAX_WINDOWS) windows.delete(windows.values().next().value ?? '');
    return token;
  };
  const hasWindow = (headers: IncomingHttpHeaders, url: URL): boolean => {
    const header = headers[WINDOW_HEADER];
    const presented = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get(WINDOW_QUERY);
    return typeof presented === 'string' && windows.has(digest(presented));
  };

  return {
    secret,
    cookieName,
    check(headers, url) {
      const host = loopbackHostOf(headers.host, port);
      if (host === null) {
        return {
          kind: 'refuse',
          error: new AppError(
            'FORBIDDEN',
            `the Host header must be ${loopbackHostsText(port)}; open the address Client printed`,
          ),
        };
      }
      if (headers.origin !== undefined && headers.origin.toLowerCase() !== `http://${host}`) {
        return {
          kind: 'refuse',
          error: new AppError('FORBIDDEN', 'requests from other web pages are refused; use the Client window'),
        };
      }
      const cookie = readCookie(headers.cookie, cookieName);
      const parsed = new URL(url, 'http://ui.invalid');
      const query = parsed.searchParams.get(SESSION_QUERY);
      if (query !== null && matches(query)) {
        return {
          kind: 'start-session',
          cookie: `${cookieName}=${cookieValue}; Path=/; HttpOnly; SameSite=Strict`,
          windowToken: openWindow(),
        };
      }
      if (cookie !== undefined && matchesCookie(cookie)) {
        if (!parsed.pathname.startsWith('/api/') || hasWindow(headers, parsed)) return { kind: 'allow' };
        return {
          kind: 'refuse',
          error: new AppError(
            'UNAUTHORIZED',
            'this window has no session of its own; open the address Client printed, or run client again to open a window',
          ),
        };
      }
      return {
        kind: 'refuse',
        error: new AppError(
          'UNAUTHORIZED',
          'this Client session is not open here; open the address Client printed (it carries ?session=), or run client again to open a window',
        ),
      };
    },
  };
}
