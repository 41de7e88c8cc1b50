import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import send from '@fastify/send';
import { answerRefusal, notPartOfUi, PAGE_HEADERS } from './page-answers.js';

const NOT_BUILT_PAGE = `<!doctype html><meta charset="utf-8"><title>Client</title>
<body style="font-family: system-ui, sans-serif; margin: 3rem; max-width: 40rem">
<h1>The Client UI is not built</h1>
<p>The app and its control plane are running, but the web UI bundle is missing.
Build it with <code>npm run build</code> (or <code>npm run build -w @client/ui</code>) and reload this page.</p>`;

/** Answers one request outside /api/ that passed the session guard. */
export type PageServer = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Serves the UI bundle on the listener itself, without the API's routes, so a window's page and scripts do not
 * wait for those to be built: hashed assets cache forever, the page never (it changes with every build).
 */
export function createPageServer(bundleDir: string | null): PageServer {
  const built = bundleDir !== null && existsSync(bundleDir);
  return async (request, response) => {
    const url = request.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      answerRefusal(response, notPartOfUi(request.method, url), true);
      return;
    }
    if (!built) {
      if (path !== '/') {
        answerRefusal(response, notPartOfUi(request.method, url), true);
        return;
      }
      response.writeHead(200, { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' });
      response.end(NOT_BUILT_PAGE);
      return;
    }
    const file = await send(request, path, { root: bundleDir, index: 'index.html', cacheControl: false });
    // A folder, a dotfile or a path outside the bundle is no file of the UI, as any other unknown address.
    if (file.type === 'directory' || file.statusCode === 404 || file.statusCode === 403) {
      file.stream.destroy();
      answerRefusal(response, notPartOfUi(request.method, url), true);
      return;
    }
    const page = file.type === 'file' && file.metadata.path.endsWith('.html');
    const hashedAsset = file.type === 'file' && !page;
    response.writeHead(file.statusCode, {
      ...file.headers,
      ...PAGE_HEADERS,
      'Cache-Control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-store',
    });
    // A window closed mid-transfer ends the pipeline with an error; there is no one left to answer.
    await pipeline(file.stream, response).catch(() => undefined);
  };
}
