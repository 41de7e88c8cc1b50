import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type FirstScreenTemplate, readFirstScreenTemplate } from '@client/core';
import { type FirstScreen, pageWithFirstScreen, windowLocale } from './first-screen.js';
import { PAGE_HEADERS } from './page-answers.js';

/** `@client/ui`'s built bundle, or null when it has not been built. */
export function defaultBundleDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('@client/ui/dist/index.html'));
  } catch {
    return null;
  }
}

/** The first screen's template the UI's build writes beside its page (packages/ui/vite.config.ts). */
const FIRST_SCREEN_FILE = 'first-screen.json';

/** The page's own addresses; every other file of the bundle is one of its assets. */
const PAGE_PATHS = new Set(['/', '/index.html']);

/** A request for the page itself (not one of its assets), which can carry the first screen. */
export const isPageRequest = (request: IncomingMessage): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && PAGE_PATHS.has((request.url ?? '/').split('?')[0] ?? '');

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The page with its stylesheets written into it: a stylesheet blocks the first frame until it has been read, and
 * even from the browser's cache that takes a round trip through its network process. A stylesheet that could end
 * the element early stays linked.
 */
async function withStylesInline(page: string, bundleDir: string): Promise<string> {
  const styles = new Map<string, string>();
  for (const [, path] of page.matchAll(STYLESHEET)) {
    if (path !== undefined) styles.set(path, await readFile(join(bundleDir, path), 'utf8'));
  }
  return page.replace(STYLESHEET, (link, path: string) => {
    const css = styles.get(path) ?? '';
    return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
}

/** The built page with its styles inline, and the first screen's template beside it (null when the build has none). */
interface BuiltPage {
  page: string;
  firstScreen: FirstScreenTemplate | null;
}

/** The built page, read once, and again when a build replaces it. */
export type PageTemplate = () => Promise<BuiltPage>;

/** The template the UI's build wrote beside its page, or null when there is none this code can fill. */
async function readFirstScreen(path: string): Promise<FirstScreenTemplate | null> {
  try {
    return readFirstScreenTemplate(JSON.parse(await readFile(path, 'utf8')));
  } catch {
    return null;
  }
}

const modifiedAt = (path: string): number => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;

export function createPageTemplate(bundleDir: string): PageTemplate {
  const pagePath = join(bundleDir, 'index.html');
  const templatePath = join(bundleDir, FIRST_SCREEN_FILE);
  let kept: { modified: string; page: Promise<BuiltPage> } | null = null;
  return async () => {
    const modified = `${statSync(pagePath).mtimeMs} ${modifiedAt(templatePath)}`;
    if (kept === null || kept.modified !== modified) {
      const page = Promise.all([
        readFile(pagePath, 'utf8').then((text) => withStylesInline(text, bundleDir)),
        readFirstScreen(templatePath),
      ]).then(([text, firstScreen]) => ({ page: text, firstScreen }));
      kept = { modified, page };
      // A failed read is tried again by the next page.
      page.catch(() => {
        if (kept?.page === page) kept = null;
      });
    }
    return kept.page;
  };
}

/**
 * Sends the built page with the first screen drawn in it (first-screen.ts) and its styles inline, with the headers
 * of every page (static-bundle.ts serves the bundle's files, which the page does not wait for).
 */
export async function answerFirstScreenPage(
  request: IncomingMessage,
  response: ServerResponse,
  template: PageTemplate,
  screen: FirstScreen,
): Promise<void> {
  const built = await template();
  const page = pageWithFirstScreen(
    built.page,
    built.firstScreen,
    screen,
    new Date(),
    windowLocale(request.headers['accept-language']),
  );
  response.writeHead(200, {
    ...PAGE_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(page),
    'Cache-Control': 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : page);
}
