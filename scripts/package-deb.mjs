// `npm run package:deb`: builds build/client_<version>_<arch>.deb, a release-flavor install of Client:
//   /usr/bin/client          launcher of the app, run by its own Node runtime
//   /usr/bin/client-mcp      the MCP stdio server, a Node single executable
//   /usr/lib/client/node     the Node runtime the app runs on
//   /usr/lib/client/app/     the bundled app, its native modules and, when built, the web UI
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleApp } from '../packages/app/scripts/bundle-app.mjs';
import { buildClientMcpBinary } from '../packages/mcp/scripts/build-binaries.mjs';
import { cachedArtifact } from './release-cache.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const nodeModules = join(repoRoot, 'node_modules');
const appPackageDir = join(repoRoot, 'packages', 'app');
const UI_PACKAGE = join(repoRoot, 'packages', 'ui');

/** Where the package puts things; the launcher and the app agree on these paths. */
export const INSTALL = {
  libDir: '/usr/lib/client',
  node: '/usr/lib/client/node',
  appDir: '/usr/lib/client/app',
  appMain: '/usr/lib/client/app/cli.mjs',
  client: '/usr/bin/client',
  clientMcp: '/usr/bin/client-mcp',
};

/**
 * Packages the bundle cannot hold: native addons and the code that locates them at run time. Each is copied into
 * the app's node_modules with only the files it needs when running.
 */
function runtimePackages() {
  const keyringBuilds = readdirSync(join(nodeModules, '@napi-rs'))
    .filter((name) => name.startsWith('keyring-'))
    .map((name) => ({ name: `@napi-rs/${name}` }));
  return [
    { name: 'better-sqlite3', files: ['package.json', 'LICENSE', 'lib', 'build/Release/better_sqlite3.node'] },
    { name: 'bindings' },
    { name: 'file-uri-to-path' },
    { name: '@napi-rs/keyring' },
    ...keyringBuilds,
  ];
}

function run(command, args) {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

/**
 * What the bundled modules read at run time: each package's manifest beside its sources, and the built web UI,
 * which the app resolves as the package `@client/ui` (the app shows a "not built" page when it is absent).
 */
function shipSourceTreeFiles(appDir, bundledPackages) {
  for (const name of bundledPackages) {
    const manifest = join('packages', name, 'package.json');
    cpSync(join(repoRoot, manifest), join(appDir, manifest));
  }
  if (existsSync(join(UI_PACKAGE, 'dist'))) {
    const installed = join(appDir, 'node_modules', '@client', 'ui');
    cpSync(join(UI_PACKAGE, 'package.json'), join(installed, 'package.json'));
    // Source maps stay out of the package: they are for debugging the checkout.
    cpSync(join(UI_PACKAGE, 'dist'), join(installed, 'dist'), {
      recursive: true,
      filter: (path) => !path.endsWith('.map'),
    });
  }
}

function copyRuntimePackages(appDir) {
  for (const { name, files } of runtimePackages()) {
    const from = join(nodeModules, name);
    const to = join(appDir, 'node_modules', name);
    for (const file of files ?? ['.']) cpSync(join(from, file), join(to, file), { recursive: true });
  }
}

/** Directories and executables 0755, everything else 0644, whatever the checkout's modes were. */
function normaliseModes(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) normaliseModes(path);
    else chmodSync(path, statSync(path).mode & 0o111 ? 0o755 : 0o644);
  }
}

function directorySize(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    bytes += entry.isDirectory() ? directorySize(path) : statSync(path).size;
  }
  return bytes;
}

function controlFile({ version, architecture, installedKiB }) {
  return `Package: client
Version: ${version}
Architecture: ${architecture}
Maintainer: Client developers <client@localhost>
Installed-Size: ${installedKiB}
Depends: libc6 (>= 2.28), libstdc++6
Recommends: xdg-utils
Section: devel
Priority: optional
Description: local-first API client with an agent control plane
 Client keeps projects, folders and endpoints in a local SQLite database and
 sends requests from a web UI shown in an app window. While it runs, a
 loopback-only control plane lets AI agents save cURL commands as endpoints
 and list projects and endpoints; /usr/bin/client-mcp is its MCP stdio server.
`;
}

function launcherScript() {
  return `#!/bin/sh
# Runs Client on the Node runtime shipped with it, whatever node is (or is not) on PATH.
exec ${INSTALL.node} ${INSTALL.appMain} "$@"
`;
}

const buildDir = join(repoRoot, 'build');

function debName() {
  const { version } = JSON.parse(readFileSync(join(appPackageDir, 'package.json'), 'utf8'));
  const architecture = run('dpkg', ['--print-architecture']);
  return { version, architecture, deb: join(buildDir, `client_${version}_${architecture}.deb`) };
}

export async function packageDeb() {
  const { version, architecture, deb } = debName();
  const root = join(buildDir, 'deb', `client_${version}_${architecture}`);
  const at = (path) => join(root, path);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(at('DEBIAN'), { recursive: true });
  mkdirSync(at('usr/bin'), { recursive: true });
  mkdirSync(at(INSTALL.appDir), { recursive: true });

  await buildClientMcpBinary({
    flavor: 'release',
    outFile: at(INSTALL.clientMcp),
    workDir: join(buildDir, 'client-mcp-release'),
  });
  copyFileSync(process.execPath, at(INSTALL.node));
  // The bundle's modules find their files in a copy of the checkout's layout around it (shipSourceTreeFiles).
  const bundled = await bundleApp({ outFile: at(INSTALL.appMain), sourceRoot: '.', flavor: 'release', minify: true });
  shipSourceTreeFiles(at(INSTALL.appDir), bundled);
  copyRuntimePackages(at(INSTALL.appDir));
  // `open` falls back to its own xdg-open script next to it when the system has none.
  copyFileSync(join(nodeModules, 'open', 'xdg-open'), at(join(INSTALL.appDir, 'xdg-open')));
  writeFileSync(at(INSTALL.client), launcherScript());
  chmodSync(at(INSTALL.client), 0o755);
  chmodSync(at(INSTALL.node), 0o755);
  normaliseModes(at('usr'));

  const installedKiB = Math.ceil(directorySize(at('usr')) / 1024);
  writeFileSync(at('DEBIAN/control'), controlFile({ version, architecture, installedKiB }));
  normaliseModes(at('DEBIAN'));
  run('dpkg-deb', ['--root-owner-group', '-Zgzip', '--build', root, deb]);
  return { deb, root, version, architecture };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const { deb } = debName();
  const { reused } = await cachedArtifact({ repoRoot, name: basename(deb), outFile: deb, build: packageDeb });
  const megabytes = (statSync(deb).size / 1024 / 1024).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const how = reused ? 'copied from the build cache, its inputs unchanged,' : 'built';
  console.log(`wrote ${relative(process.cwd(), deb)} (${megabytes} MiB), ${how} in ${seconds} s`);
}
