// Builds client-mcp as a Node single executable: the package bundled to one CommonJS file, injected into a copy
// of the running node binary. `npm run build:binaries` writes the development build to
// binaries/client-mcp-<target-triple>. The release packages (scripts/package-deb.mjs) carry no second runtime:
// their client-mcp is a module run by the app's Node (bundleReleaseClientMcp).
// `node packages/mcp/scripts/build-binaries.mjs --module` (part of `npm run build`) bundles the package to the one
// CommonJS file bin/client-mcp.js runs: loading it answers a first tool call in a fraction of the time of the
// compiled package's hundreds of modules.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import postject from 'postject';
import { cachedArtifacts } from '../../../scripts/release-cache.mjs';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(packageDir, '..', '..');

/** The fuse Node looks for to know a SEA blob was injected (Node's single-executable documentation). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const ARCHES = { x64: 'x86_64', arm64: 'aarch64' };
const PLATFORMS = { linux: 'unknown-linux-gnu', darwin: 'apple-darwin', win32: 'pc-windows-msvc' };

/** The Rust-style target triple naming a binary for this machine, e.g. `x86_64-unknown-linux-gnu`. */
export function targetTriple(arch = process.arch, platform = process.platform) {
  const cpu = ARCHES[arch];
  const system = PLATFORMS[platform];
  if (cpu === undefined || system === undefined) {
    throw new Error(
      `no target triple for ${arch}/${platform}; client-mcp binaries are built for ${Object.keys(ARCHES)} on ${Object.keys(PLATFORMS)}`,
    );
  }
  return `${cpu}-${system}`;
}

/** Where `npm run build` puts the package as one CommonJS file; bin/client-mcp.js looks for it there. */
export const DEVELOPMENT_BUNDLE = join(packageDir, 'dist', 'bundle', 'client-mcp.cjs');

/** What both bundles share: the package's sources and every dependency, for Node 20. */
const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  conditions: ['client-source'],
  // jsonc-parser's main is a UMD module whose inner requires esbuild cannot follow; its ES build bundles.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  legalComments: 'none',
  logLevel: 'warning',
};

/** Bundled CommonJS dependencies call require(); an ES module has none unless it is made. */
const ESM_REQUIRE_BANNER = {
  js: "import { createRequire as __clientCreateRequire } from 'node:module'; const require = __clientCreateRequire(import.meta.url);",
};

/** Where the workspace bundle finds `config` and `install`, which serving never loads. */
const SETUP_BUNDLE = 'client-mcp-setup.cjs';

/** Resolves the import of src/agent-setup-commands.ts to the file of its own beside the bundle. */
const setupApart = {
  name: 'client-mcp-setup-apart',
  setup(build) {
    build.onResolve({ filter: /\/agent-setup-commands\.js$/ }, () => ({ path: `./${SETUP_BUNDLE}`, external: true }));
  },
};

/**
 * Bundles the package (src/index.ts, whose `runCli` bin/client-mcp.js calls) and every dependency to one CommonJS
 * file at `outFile`, in the development flavor like the compiled package, with `config` and `install` and their
 * file formats in a second file beside it. Every agent session starts client-mcp and waits for its first answer,
 * so it loads as little as can be: CommonJS, which Node 20 runs without its ES module loader (bin/client-mcp.js
 * is CommonJS too), minified (the source map beside it serves `node --enable-source-maps`), and without the
 * setup commands' 40 KB, which took 1.5 ms of every start to compile.
 */
export async function bundleClientMcpModule(outFile = DEVELOPMENT_BUNDLE) {
  // `dynamic-import` off: the setup file is loaded with require(), which a bundle compiled by node:vm (from the
  // code cache, ../code-cache.cjs) has, where import() would need a loader of its own.
  const options = {
    ...BUNDLE_OPTIONS,
    format: 'cjs',
    minify: true,
    sourcemap: 'linked',
    supported: { 'dynamic-import': false },
  };
  await build({
    ...options,
    entryPoints: [join(packageDir, 'src', 'index.ts')],
    plugins: [setupApart],
    outfile: outFile,
  });
  await build({
    ...options,
    entryPoints: [join(packageDir, 'src', 'agent-setup-commands.ts')],
    outfile: join(dirname(outFile), SETUP_BUNDLE),
  });
}

/**
 * Bundles client-mcp (and every dependency) to one CommonJS file. The flavor and version are fixed at build time:
 * the binary has no package.json next to it, and `command` in `client-mcp config` is the binary itself.
 */
export async function bundleClientMcp({ flavor, outFile }) {
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  await build({
    stdin: {
      contents: [
        "import { runCli } from './src/cli.ts';",
        `runCli(process.argv.slice(2), { version: ${JSON.stringify(version)}, command: process.execPath })`,
        '  .then((code) => { process.exitCode = code; });',
      ].join('\n'),
      resolveDir: packageDir,
      sourcefile: 'client-mcp-main.ts',
      loader: 'ts',
    },
    ...BUNDLE_OPTIONS,
    format: 'cjs',
    define: flavor === 'release' ? { 'globalThis.__CLIENT_BUILD_FLAVOR__': '"release"' } : {},
    minify: true,
    outfile: outFile,
  });
  return version;
}

/**
 * Bundles client-mcp for the release packages to one minified ES module at `outFile`, run by the Node runtime the
 * app runs on. `launcher` is where the package puts client-mcp's launcher, from the module's folder: `bin/` of the
 * same prefix for the .deb and the portable archive, `Contents/MacOS/` of the macOS bundle, the Windows install
 * directory. So `command` in `client-mcp config` is that launcher, wherever the package was put.
 */
export async function bundleReleaseClientMcp({ outFile, launcher }) {
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  await build({
    stdin: {
      contents: [
        "import { fileURLToPath } from 'node:url';",
        "import { runCli } from './src/cli.ts';",
        `const command = fileURLToPath(new URL(${JSON.stringify(launcher)}, import.meta.url));`,
        `process.exitCode = await runCli(process.argv.slice(2), { version: ${JSON.stringify(version)}, command });`,
      ].join('\n'),
      resolveDir: packageDir,
      sourcefile: 'client-mcp-release.ts',
      loader: 'ts',
    },
    ...BUNDLE_OPTIONS,
    format: 'esm',
    banner: ESM_REQUIRE_BANNER,
    define: { 'globalThis.__CLIENT_BUILD_FLAVOR__': '"release"' },
    minify: true,
    outfile: outFile,
  });
}

function run(command, args) {
  execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Bundles client-mcp and makes it a single executable at `outFile`; `workDir` holds the intermediate files. */
export async function buildClientMcpBinary({ flavor, outFile, workDir }) {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  mkdirSync(dirname(outFile), { recursive: true });
  const bundle = join(workDir, 'client-mcp.cjs');
  const blob = join(workDir, 'client-mcp.blob');
  const seaConfig = join(workDir, 'sea-config.json');
  await bundleClientMcp({ flavor, outFile: bundle });
  writeFileSync(
    seaConfig,
    JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }),
  );
  run(process.execPath, ['--experimental-sea-config', seaConfig]);

  rmSync(outFile, { force: true });
  copyFileSync(process.execPath, outFile);
  chmodSync(outFile, 0o755);
  if (process.platform === 'darwin') run('codesign', ['--remove-signature', outFile]);
  await postject.inject(outFile, 'NODE_SEA_BLOB', readFileSync(blob), {
    sentinelFuse: SEA_FUSE,
    ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
  });
  if (process.platform === 'darwin') run('codesign', ['--sign', '-', outFile]);
  return outFile;
}

async function main() {
  const started = performance.now();
  const extension = process.platform === 'win32' ? '.exe' : '';
  const name = `client-mcp-${targetTriple()}${extension}`;
  const outFile = join(repoRoot, 'binaries', name);
  const { reused } = await cachedArtifacts({
    repoRoot,
    outFiles: [outFile],
    build: () => buildClientMcpBinary({ flavor: 'dev', outFile, workDir: join(repoRoot, 'build', 'client-mcp-dev') }),
  });
  const megabytes = (statSync(outFile).size / 1024 / 1024).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const how = reused ? 'copied from the build cache, its inputs unchanged,' : 'built';
  console.log(`wrote ${outFile} (${megabytes} MiB, development flavor), ${how} in ${seconds} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--module')) await bundleClientMcpModule();
  else await main();
}
