import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createTokenMatcher } from '@client/control-plane';
import { AppError } from '@client/core';

/** What the guard decides for one request, before any route runs. */
export type GuardDecision =
  | { kind: 'allow' }
  /** A valid `?session=` on the page address: set the cookie and send the browser to `/` without it. */
  | { kind: 'start-session'; cookie: string }
  | { kind: 'refuse'; error: AppError };

export interface SessionGuard {
  /** The per-launch secret; it appears in the printed UI address and nowhere else. */
  readonly secret: string;
  /** The cookie name carries the port: cookies ignore ports, and two apps on one machine must not collide. */
  readonly cookieName: string;
  check(headers: IncomingHttpHeaders, url: string): GuardDecision;
}

export const SESSION_QUERY = 'session';

function readCookie(header: string | undefined, name: string): string | undefined {
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
 * SameSite=Strict cookie.
 */
export function createSessionGuard(port: number, secret: string = randomBytes(32).toString('base64url')): SessionGuard {
  const matches = createTokenMatcher(secret);
  const cookieName = `client_session_${port}`;
  const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  return {
    secret,
    cookieName,
    check(headers, url) {
      const host = headers.host?.toLowerCase();
      if (host === undefined || !allowedHosts.has(host)) {
        return {
          kind: 'refuse',
          error: new AppError(
            'FORBIDDEN',
            `the Host header must be 127.0.0.1:${port} or localhost:${port}; open the address Client printed`,
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
      if (cookie !== undefined && matches(cookie)) return { kind: 'allow' };
      const query = new URL(url, 'http://ui.invalid').searchParams.get(SESSION_QUERY);
      if (query !== null && matches(query)) {
        return {
          kind: 'start-session',
          cookie: `${cookieName}=${secret}; Path=/; HttpOnly; SameSite=Strict`,
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
