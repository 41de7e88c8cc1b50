import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Launch pages of the window are named so; nothing else in the data dir starts like this. */
const WINDOW_PAGE_PREFIX = 'ui-open-';
/** Launch pages of OAuth 2.0 sign-ins, kept apart so a window's session starting leaves them be. */
const SIGN_IN_PAGE_PREFIX = 'sign-in-open-';
/** A launch page no browser came for is removed after this long. */
const LAUNCH_FILE_LIFETIME_MS = 60_000;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Writes a page, readable by its owner only, that sends the browser on to `url`, and returns the page's path.
 * A browser is opened on that page rather than on `url`, so what `url` carries never appears on a command line
 * (which every account can read in `ps`), only in a 0600 file in the 0700 data dir. Removed after a minute at
 * the latest.
 */
function writeRedirectPage(dataDir: string, prefix: string, url: string): string {
  const path = join(dataDir, `${prefix}${randomBytes(12).toString('hex')}.html`);
  const page =
    '<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Client</title>' +
    `<meta http-equiv="refresh" content="0;url=${escapeHtml(url)}">` +
    `<script>location.replace(${JSON.stringify(url).replace(/</g, '\\u003c')})</script>\n`;
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
    0o600,
  );
  try {
    writeSync(fd, page);
  } finally {
    closeSync(fd);
  }
  setTimeout(() => rmSync(path, { force: true }), LAUNCH_FILE_LIFETIME_MS).unref();
  return path;
}

/**
 * The launch page of the window, which leads to the UI address and its session secret; its `file:` URL. Removed
 * once a session starts (`removeLaunchFiles`), or after a minute when no browser came.
 */
export function writeLaunchFile(dataDir: string, url: string): string {
  return pathToFileURL(writeRedirectPage(dataDir, WINDOW_PAGE_PREFIX, url)).href;
}

/**
 * The launch page of an OAuth 2.0 sign-in, which leads to the authorization URL (its `state`, its PKCE challenge
 * and the port of the listener waiting for the answer): its `file:` URL, and how to remove it once the sign-in
 * has ended.
 */
export function writeSignInLaunchFile(dataDir: string, url: string): { href: string; remove: () => void } {
  const path = writeRedirectPage(dataDir, SIGN_IN_PAGE_PREFIX, url);
  return { href: pathToFileURL(path).href, remove: () => rmSync(path, { force: true }) };
}

/**
 * Removes the window's launch pages in the data dir (a session has started), or every launch page, the
 * sign-ins' too (the app starts or stops).
 */
export function removeLaunchFiles(dataDir: string, which: 'window' | 'all' = 'window'): void {
  const prefixes = which === 'all' ? [WINDOW_PAGE_PREFIX, SIGN_IN_PAGE_PREFIX] : [WINDOW_PAGE_PREFIX];
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return;
  }
  for (const name of names) {
    if (prefixes.some((prefix) => name.startsWith(prefix)) && name.endsWith('.html')) {
      rmSync(join(dataDir, name), { force: true });
    }
  }
}
