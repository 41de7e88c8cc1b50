import type { ServerResponse } from 'node:http';
import { AppError } from '@client/core';

/**
 * The page may load only its own scripts and styles and talk only to this server. Inline styles are
 * allowed because React writes `style` attributes (tree indentation); scripts stay strictly 'self'.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Sent with every answer outside /api/: the page, its assets, refusals and redirects. */
export const PAGE_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** A message can quote the address asked for, which a raw HTTP client may send unencoded. */
const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (character) => HTML_ESCAPES[character] ?? '');

function refusalPage(error: AppError): string {
  return `<!doctype html><meta charset="utf-8"><title>Client</title>
<body style="font-family: system-ui, sans-serif; margin: 3rem; max-width: 40rem">
<h1>This page cannot open Client</h1><p>${escapeHtml(error.message)}</p>`;
}

/** A page path (outside /api/) is answered with a page a person can read; an API path with `{code, message}`. */
export const isApiPath = (url: string): boolean => url.startsWith('/api/');

/** Answers a refusal on the listener's own response, as the routes answer theirs. */
export function answerRefusal(response: ServerResponse, error: AppError, page: boolean): void {
  const body = page ? refusalPage(error) : JSON.stringify(error.toJSON());
  response.writeHead(error.status, {
    ...(page
      ? { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' }
      : { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }),
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}

/** What no route or file of the UI answers. */
export function notPartOfUi(method: string | undefined, url: string): AppError {
  return new AppError('NOT_FOUND', `${method ?? 'GET'} ${url.split('?')[0]} is not part of the UI server`);
}

/** Opens a window's session: the secret leaves the address bar at once; from here on the cookie carries it. */
export function answerSessionStart(response: ServerResponse, cookie: string, location: string): void {
  response.writeHead(302, {
    ...PAGE_HEADERS,
    'Cache-Control': 'no-store',
    'Set-Cookie': cookie,
    Location: location,
    'Content-Length': 0,
  });
  response.end();
}
