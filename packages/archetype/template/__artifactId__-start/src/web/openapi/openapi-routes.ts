import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { RouteTable } from '../route-table.js';
import { type DocumentInfo, openApiDocument } from './openapi-document.js';

export interface OpenApiOptions {
  readonly routes: RouteTable;
  readonly title: string;
  readonly version: string;
  readonly description: string;
  readonly license: DocumentInfo['license'];
  /** Also serve Swagger UI over the document at `/docs`. */
  readonly docs: boolean;
}

/** Swagger UI's own files, shipped by `swagger-ui-dist`: the page needs nothing from the internet. */
const SWAGGER_UI_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

function docsPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title.replaceAll(/[<>&"]/g, '')} API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-initializer.js"></script>
</body>
</html>
`;
}

/** Where the client reached the service, as the document's server (behind a proxy, with `server.trustProxy`). */
function serverUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * `GET /openapi.json`: the OpenAPI 3.1 description of every route, built when first asked for (all routes are
 * registered by then); and with `docs`, Swagger UI at `/docs`. These routes are not in the document themselves.
 */
export function openApiRoutes(options: OpenApiOptions) {
  return async (app: FastifyInstance): Promise<void> => {
    const hide = { hide: true } as const;
    app.get('/openapi.json', { schema: hide }, async (request) =>
      openApiDocument(options.routes, {
        title: options.title,
        version: options.version,
        description: options.description,
        license: options.license,
        serverUrl: serverUrl(request),
      }),
    );
    if (!options.docs) return;
    // Swagger UI's page and files get a page's security headers, whose Content-Security-Policy lets it run.
    const page = { schema: hide, config: { page: true } } as const;
    const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    // `/docs/` too, as a browser or a person may write it: the page names its files by absolute paths.
    for (const url of ['/docs', '/docs/']) {
      app.get(url, page, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(docsPage(options.title)),
      );
    }
    // A file, not an inline script: the page's Content-Security-Policy allows scripts from here only.
    app.get('/docs/swagger-initializer.js', page, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .send("window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui' });\n"),
    );
    app.get<{ Params: { file: string } }>('/docs/:file', page, async (request, reply) => {
      const { file } = request.params;
      const type = Object.hasOwn(SWAGGER_UI_FILES, file) ? SWAGGER_UI_FILES[file] : undefined;
      if (!type) return reply.callNotFound();
      return reply.type(type).send(await readFile(join(folder, file)));
    });
  };
}
