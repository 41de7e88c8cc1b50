import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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

export const PAGE_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

/** `@client/ui`'s built bundle, or null when it has not been built. */
export function defaultBundleDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('@client/ui/dist/index.html'));
  } catch {
    return null;
  }
}

const NOT_BUILT_PAGE = `<!doctype html><meta charset="utf-8"><title>Client</title>
<body style="font-family: system-ui, sans-serif; margin: 3rem; max-width: 40rem">
<h1>The Client UI is not built</h1>
<p>The app and its control plane are running, but the web UI bundle is missing.
Build it with <code>npm run build</code> (or <code>npm run build -w @client/ui</code>) and reload this page.</p>`;

/** Serves the UI bundle: hashed assets cache forever, the page never (it changes with every build). */
export async function registerStaticBundle(app: FastifyInstance, bundleDir: string | null): Promise<void> {
  if (bundleDir === null || !existsSync(bundleDir)) {
    app.get('/', (_request, reply) =>
      reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: bundleDir,
    index: 'index.html',
    wildcard: true,
    cacheControl: false,
    setHeaders(response, path) {
      for (const [name, value] of Object.entries(PAGE_HEADERS)) response.setHeader(name, value);
      response.setHeader('Cache-Control', path.endsWith('.html') ? 'no-store' : 'public, max-age=31536000, immutable');
    },
  });
}
