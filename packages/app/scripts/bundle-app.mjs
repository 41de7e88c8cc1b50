// Bundles the `client` command line (the app and every package of ours it uses) to one ES module with esbuild, and
// the programs of its worker threads to files beside it. Loading one file instead of hundreds of modules is most
// of the app's start-up time. `npm run build` writes the
// development bundle to packages/app/dist/bundle/client.mjs, which bin/client.js runs; scripts/package-deb.mjs
// writes the release one into the .deb.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const appPackageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(appPackageDir, '..', '..');

/** Where `npm run build` puts the development bundle; bin/client.js looks for it there. */
export const DEVELOPMENT_BUNDLE = join(appPackageDir, 'dist', 'bundle', 'client.mjs');

/** The name every chunk of the app bundle starts with; an earlier build's chunks are removed before a build. */
const CHUNK_PREFIX = 'client-chunk-';

/**
 * Native addons and the code that locates them at run time stay in node_modules. (The store loads better-sqlite3
 * through createRequire, on Node 20 only, which esbuild leaves alone.)
 */
export const EXTERNAL_MODULES = ['@napi-rs/keyring'];

/**
 * Files bundled code reads at run time from the bundle's own folder, which a release copies there: each the name it
 * gets beside the bundle, the file in the checkout (from its root) and the platforms (`process.platform`) that need
 * it (all when absent). A `.wasm` module or data file a dependency loads by path goes here, one line each.
 */
export const BUNDLE_ASSETS = [
  // `open` runs its own xdg-open script from beside itself when the system has none.
  { name: 'xdg-open', from: 'node_modules/open/xdg-open', platforms: ['linux'] },
];

/**
 * Worker threads' programs, each bundled to `<name>.mjs` beside the app bundle. The code that starts a thread finds
 * its program there through `globalThis.__CLIENT_BUNDLE_URL__`, the bundle's own URL, defined in bundles only.
 */
export const THREAD_PROGRAMS = {
  'import-writer-thread': join(repoRoot, 'packages', 'control-plane', 'src', 'import-writer-thread.ts'),
};

/**
 * Our packages find files next to their sources (`new URL('../../package.json', import.meta.url)`). In one bundle
 * every module would share the bundle's URL, so each module of ours gets the URL its source file has in the
 * checkout, written relative to the bundle's own URL: `sourceRoot` is where the checkout's root lies from the
 * bundle's folder (the checkout itself for the development bundle, a copy of its layout around the .deb's).
 */
function sourceTreeUrls(sourceRoot, bundledPackages) {
  return {
    name: 'source-tree-urls',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]src[\\/].*\.ts$/ }, (args) => {
        const fromRoot = relative(repoRoot, args.path).split(sep).join('/');
        bundledPackages.add(fromRoot.split('/')[1]);
        const source = readFileSync(args.path, 'utf8');
        if (/import\.meta\.(dirname|filename)/.test(source)) {
          throw new Error(`${fromRoot}: use import.meta.url, which the app bundle maps; dirname/filename are not`);
        }
        const url = `new URL(${JSON.stringify(`${sourceRoot}/${fromRoot}`)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
}

/**
 * Built-in modules a dependency requires when it loads but uses only for what the app never does, each loaded on its
 * first use instead: Fastify's server module requires `node:http2` and `node:https` for HTTP/2 and TLS servers, and
 * loading the two took 6–8 ms of every start (`cold-start` in bench/README.md).
 */
const LAZY_BUILTINS = [{ importer: /[\\/]fastify[\\/]lib[\\/]server\.js$/, builtins: /^node:(http2|https)$/ }];

function lazyBuiltins() {
  return {
    name: 'lazy-builtins',
    setup(builder) {
      builder.onResolve({ filter: /^node:/ }, (args) =>
        LAZY_BUILTINS.some(({ importer, builtins }) => importer.test(args.importer) && builtins.test(args.path))
          ? { path: args.path, namespace: 'lazy-builtin' }
          : undefined,
      );
      builder.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
        contents: `let loaded;
const load = () => (loaded ??= require(${JSON.stringify(args.path)}));
module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });`,
        loader: 'js',
      }));
    },
  };
}

function removeChunks(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (name.startsWith(CHUNK_PREFIX)) rmSync(join(dir, name));
}

/**
 * The esbuild options of every bundle of the app (its entry, its threads' programs, and a test's bundle of one of
 * our packages): our sources' file URLs mapped to `sourceRoot`, the names of our packages bundled added to
 * `bundledPackages`.
 */
export function appBundleOptions({ sourceRoot, flavor, mcpLauncher, sourceMap = false, bundledPackages }) {
  return {
    plugins: [sourceTreeUrls(sourceRoot, bundledPackages), lazyBuiltins()],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    conditions: ['client-source'],
    // jsonc-parser's main is a UMD module whose inner requires esbuild cannot follow; its ES build bundles.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    external: EXTERNAL_MODULES,
    define: {
      // The banner's constant: `import.meta.url` in our sources is mapped (sourceTreeUrls), the banner's is not.
      'globalThis.__CLIENT_BUNDLE_URL__': '__clientBundleUrl',
      ...(flavor === 'release' ? { 'globalThis.__CLIENT_BUILD_FLAVOR__': '"release"' } : {}),
      ...(mcpLauncher === undefined ? {} : { 'globalThis.__CLIENT_MCP_LAUNCHER__': JSON.stringify(mcpLauncher) }),
    },
    // Bundled CommonJS dependencies call require(); an ES module has none unless it is made.
    banner: {
      js: "import { createRequire as __clientCreateRequire } from 'node:module'; const require = __clientCreateRequire(import.meta.url); const __clientBundleUrl = import.meta.url;",
    },
    minify: true,
    sourcemap: sourceMap ? 'linked' : false,
    legalComments: 'none',
    logLevel: 'warning',
  };
}

/**
 * Bundles what packages/app/bin/client.js runs, from the sources, to `outFile`. `flavor: 'release'` fixes the
 * flavor at build time (the release packages), and `mcpLauncher` where client-mcp's launcher lies from the bundle's
 * folder (the Agent panel's snippets name it); `sourceMap` writes a linked source map beside each file (the development
 * bundle: a debugger, or `node --enable-source-maps`, maps it back to our sources). Both are minified: the app holds
 * its code in memory all day, and the development bundle's readable code took 1.4 MiB more (`idle-rss` in
 * bench/README.md). Resolves to the names of our packages it holds.
 */
export async function bundleApp({ outFile, sourceRoot, flavor, mcpLauncher, sourceMap = false }) {
  const bundledPackages = new Set();
  removeChunks(dirname(outFile));
  const options = appBundleOptions({ sourceRoot, flavor, mcpLauncher, sourceMap, bundledPackages });
  await Promise.all([
    build({
      ...options,
      entryPoints: [join(appPackageDir, 'src', 'bundle-main.ts')],
      // What the app loads only when first needed (the UI server, the window, collection formats) goes to chunks
      // beside the bundle, so a start reads and compiles only the code the control plane needs.
      splitting: true,
      outdir: dirname(outFile),
      entryNames: basename(outFile, '.mjs'),
      // Beside the bundle, not below it: a module finds its files (and threads their programs) from its own URL.
      chunkNames: `${CHUNK_PREFIX}[name]-[hash]`,
      outExtension: { '.js': '.mjs' },
    }),
    build({ ...options, entryPoints: THREAD_PROGRAMS, outdir: dirname(outFile), outExtension: { '.js': '.mjs' } }),
  ]);
  return [...bundledPackages].sort();
}

/** The development bundle, for bin/client.js: the development flavor, URLs into this checkout. */
export function bundleDevelopmentApp() {
  const sourceRoot = relative(dirname(DEVELOPMENT_BUNDLE), repoRoot).split(sep).join('/');
  return bundleApp({ outFile: DEVELOPMENT_BUNDLE, sourceRoot, sourceMap: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bundleDevelopmentApp();
}
