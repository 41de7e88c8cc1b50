import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin, type ProxyOptions, runnerImport } from 'vite';

/**
 * `npm run dev` serves the UI with hot reload and forwards `/api` to a running app, whose full UI
 * address (as `client` prints it, with `?session=`) is in CLIENT_UI_URL. The proxy presents the session
 * the way the app's own page would (a cookie, the app's origin), so the app's guards stay on in dev too.
 */
function apiProxy(uiUrl: string | undefined): Record<string, ProxyOptions> | undefined {
  if (uiUrl === undefined || uiUrl === '') return undefined;
  const url = new URL(uiUrl);
  const session = url.searchParams.get('session') ?? '';
  return {
    '/api': {
      target: url.origin,
      changeOrigin: true,
      configure(proxy) {
        proxy.on('proxyReq', (request, incoming) => {
          request.setHeader('cookie', `client_session_${url.port}=${session}`);
          // Only the dev page's own requests pass as the app's; any other page keeps its Origin and is refused.
          if (incoming.headers.origin === `http://${incoming.headers.host}`) request.setHeader('origin', url.origin);
        });
      },
    },
  };
}

/** curlconverter's shell parser, which the UI never needs (see src/lib/export/no-shell-parser.ts). */
function withoutShellParser(): Plugin {
  const stub = fileURLToPath(new URL('./src/lib/export/no-shell-parser.ts', import.meta.url));
  return {
    name: 'client-without-shell-parser',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromTokenizer = importer?.replaceAll('\\', '/').endsWith('curlconverter/dist/src/shell/tokenizer.js');
      return fromTokenizer && source === './Parser.js' ? stub : null;
    },
  };
}

const sourceCondition = 'client-source';

/**
 * Once the bundle is written, the first screen the app writes into the page, drawn by the components React draws it
 * with (src/first-screen-template.tsx), beside it as `first-screen.json`.
 */
function firstScreenTemplate(): Plugin {
  let outDir = '';
  return {
    name: 'client-first-screen-template',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { module } = await runnerImport<typeof import('./src/first-screen-template.js')>(
        fileURLToPath(new URL('./src/first-screen-template.tsx', import.meta.url)),
        {
          configFile: false,
          root: fileURLToPath(new URL('.', import.meta.url)),
          logLevel: 'warn',
          // Our packages from their sources, as the bundle reads them.
          environments: { inline: { resolve: { noExternal: [/^@client\//], conditions: [sourceCondition] } } },
        },
      );
      writeFileSync(join(outDir, 'first-screen.json'), JSON.stringify(module.firstScreenTemplate()));
    },
  };
}

export default defineConfig({
  plugins: [react(), withoutShellParser(), firstScreenTemplate()],
  // Workspace packages are read from their TypeScript sources, so the bundle never waits for a tsc build.
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { host: '127.0.0.1', proxy: apiProxy(process.env.CLIENT_UI_URL) },
});
