import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Launch pages are named so; nothing else in the data dir starts like this. */
const LAUNCH_FILE_PREFIX = 'ui-open-';
/** A launch page no browser came for is removed after this long. */
const LAUNCH_FILE_LIFETIME_MS = 60_000;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Writes a page, readable by its owner only, that sends the browser on to the UI address, and returns the
 * page's `file:` URL. The window is opened on that URL, so the session secret never appears on a command line
 * (which every account can read in `ps`), only in a 0600 file in the 0700 data dir. The page is removed once a
 * session starts (`removeLaunchFiles`), or after a minute when no browser came.
 */
export function writeLaunchFile(dataDir: string, url: string): string {
  const path = join(dataDir, `${LAUNCH_FILE_PREFIX}${randomBytes(12).toString('hex')}.html`);
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
  return pathToFileURL(path).href;
}

/** Removes every launch page in the data dir: a session has started, or the app starts or stops. */
export function removeLaunchFiles(dataDir: string): void {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(LAUNCH_FILE_PREFIX) && name.endsWith('.html')) rmSync(join(dataDir, name), { force: true });
  }
}
