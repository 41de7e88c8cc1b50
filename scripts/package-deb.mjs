// `npm run package:deb`: builds Client's release packages for x86-64 Linux from one staged tree:
//   build/client_<version>_amd64.deb             installs it under /usr (xz-compressed)
//   build/client-<version>-linux-x64.tar.xz      the same files in client-<version>/, with a README, for systems
//                                                 without dpkg
// Both hold, under their prefix:
//   bin/client, bin/client-mcp   launchers of the one Node runtime, found relative to themselves
//   lib/client/node              Node 24 LTS (scripts/release/node-runtime.mjs), stripped
//   lib/client/app/              the app folder of every release (scripts/release/stage-app.mjs): the entries
//                                cli.mjs and client-mcp.mjs, which load the bundled app and client-mcp through
//                                Node's compile cache, the worker threads' programs, the keyring's addon and the web UI
//   share/                       the menu entry, hicolor icons, AppStream metainfo, copyright and changelog
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { directorySize, filesUnder, normaliseModes, REPRODUCIBLE_TAR, run, startsWith } from './release/files.mjs';
import { checkStagedAddons } from './release/native-modules.mjs';
import { NODE_RUNTIME_VERSION, nodeRuntime } from './release/node-runtime.mjs';
import { APP_FILES, stageApp } from './release/stage-app.mjs';
import { cachedArtifacts } from './release-cache.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const appPackageDir = join(repoRoot, 'packages', 'app');
const releaseFiles = join(appPackageDir, 'release');
const ICONS = join(repoRoot, 'packages', 'ui', 'public', 'icons');
const buildDir = join(repoRoot, 'build');

/** Where things lie under the install prefix (`/usr` for the .deb); the launchers and the app agree on these. */
export const LAYOUT = {
  node: 'lib/client/node',
  appDir: 'lib/client/app',
  client: 'bin/client',
  clientMcp: 'bin/client-mcp',
  doc: 'share/doc/client',
};

/** Symbols and notes out of every ELF file, as Debian's dh_strip does: a third of Node's size is debug data. */
function stripBinaries(dir) {
  for (const path of filesUnder(dir)) {
    if (startsWith(path, '\x7fELF')) {
      run('strip', ['--strip-unneeded', '--remove-section=.comment', '--remove-section=.note', path]);
    }
  }
}

function controlFile({ version, architecture, installedKiB }) {
  return `Package: client
Version: ${version}
Architecture: ${architecture}
Maintainer: Client developers <maintainers@client.invalid>
Installed-Size: ${installedKiB}
Depends: libc6 (>= 2.28), libstdc++6 (>= 10)
Recommends: xdg-utils
Section: devel
Priority: optional
Description: local-first API client with an agent control plane
 Client keeps projects, folders and endpoints in a local SQLite database and
 sends requests from a web UI shown in an app window. While it runs, a
 loopback-only control plane lets AI agents save cURL commands as endpoints
 and list projects and endpoints; client-mcp is its MCP stdio server.
 .
 Client and client-mcp run on a Node.js ${NODE_RUNTIME_VERSION.slice(1)} runtime installed with them.
`;
}

/** A launcher that runs `main` (of the app folder) on the runtime of its own prefix, found through the link it may be called by. */
function launcherScript(what, main) {
  return `#!/bin/sh
# Runs ${what} on the Node runtime installed with it, whatever node is (or is not) on PATH.
lib=$(dirname "$(readlink -f "$0")")/../lib/client
exec "$lib/node" "$lib/${relative('lib/client', join(LAYOUT.appDir, main))}" "$@"
`;
}

/** The version at the top of a Debian changelog or of AppStream's release list must be the one being built. */
function checkReleaseNotes(version) {
  const changelog = readFileSync(join(releaseFiles, 'changelog'), 'utf8');
  const logged = /^client \(([^)]+)\)/.exec(changelog)?.[1];
  const metainfo = readFileSync(join(releaseFiles, 'client.metainfo.xml'), 'utf8');
  const listed = /<release version="([^"]+)"/.exec(metainfo)?.[1];
  if (logged !== version || listed !== version) {
    throw new Error(
      `packages/app/release: the changelog's latest entry is ${logged} and the metainfo's latest release ${listed}; ` +
        `add an entry for ${version} to both`,
    );
  }
  return changelog;
}

function installDesktopFiles(prefix, { version, runtime }) {
  const at = (path) => join(prefix, path);
  const changelog = checkReleaseNotes(version);
  mkdirSync(at('share/applications'), { recursive: true });
  copyFileSync(join(releaseFiles, 'client.desktop'), at('share/applications/client.desktop'));
  mkdirSync(at('share/metainfo'), { recursive: true });
  copyFileSync(join(releaseFiles, 'client.metainfo.xml'), at('share/metainfo/client.metainfo.xml'));
  const hicolor = at('share/icons/hicolor');
  mkdirSync(join(hicolor, 'scalable', 'apps'), { recursive: true });
  copyFileSync(join(ICONS, 'client.svg'), join(hicolor, 'scalable', 'apps', 'client.svg'));
  for (const file of readdirSync(ICONS)) {
    const size = /^client-(\d+)\.png$/.exec(file)?.[1];
    if (size === undefined) continue;
    mkdirSync(join(hicolor, `${size}x${size}`, 'apps'), { recursive: true });
    copyFileSync(join(ICONS, file), join(hicolor, `${size}x${size}`, 'apps', 'client.png'));
  }
  mkdirSync(at(LAYOUT.doc), { recursive: true });
  copyFileSync(join(releaseFiles, 'copyright'), at(`${LAYOUT.doc}/copyright`));
  writeFileSync(at(`${LAYOUT.doc}/changelog.gz`), gzipSync(changelog, { level: 9 }));
  copyFileSync(join(runtime.dir, 'LICENSE'), at(`${LAYOUT.doc}/node-LICENSE`));
  mkdirSync(at('share/lintian/overrides'), { recursive: true });
  copyFileSync(join(releaseFiles, 'lintian-overrides'), at('share/lintian/overrides/client'));
}

/** Writes the installed tree under `prefix` (the staged `/usr`). */
async function stageTree(prefix, { version }) {
  const at = (path) => join(prefix, path);
  const runtime = nodeRuntime('linux-x64');
  mkdirSync(at('bin'), { recursive: true });
  await stageApp({
    appDir: at(LAYOUT.appDir),
    target: 'linux-x64',
    mcpLauncher: relative(LAYOUT.appDir, LAYOUT.clientMcp),
  });
  copyFileSync(runtime.node, at(LAYOUT.node));
  writeFileSync(at(LAYOUT.client), launcherScript('Client', APP_FILES.appMain));
  writeFileSync(at(LAYOUT.clientMcp), launcherScript('client-mcp, the MCP stdio server of Client,', APP_FILES.mcpMain));
  for (const launcher of [LAYOUT.client, LAYOUT.clientMcp, LAYOUT.node]) chmodSync(at(launcher), 0o755);
  installDesktopFiles(prefix, { version, runtime });
  stripBinaries(at('lib'));
  normaliseModes(prefix);
  const loaded = checkStagedAddons({ node: at(LAYOUT.node), appDir: at(LAYOUT.appDir) });
  console.log(`staged ${relative(repoRoot, prefix)}: SQLite and the keyring load on ${loaded}`);
}

/** The files `npm run package:deb` writes. */
export function releaseArtifacts() {
  const { version } = JSON.parse(readFileSync(join(appPackageDir, 'package.json'), 'utf8'));
  const architecture = run('dpkg', ['--print-architecture']);
  return {
    version,
    architecture,
    deb: join(buildDir, `client_${version}_${architecture}.deb`),
    archive: join(buildDir, `client-${version}-linux-x64.tar.xz`),
    lintianReport: join(buildDir, `client_${version}_${architecture}.lintian.txt`),
  };
}

/**
 * Checks the .deb with lintian, Debian's package checker, and keeps its report beside it: a release with an error
 * (a tag of severity E) is not written.
 */
function checkWithLintian(deb, report) {
  let output;
  try {
    output = execFileSync('lintian', ['--no-tag-display-limit', deb], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    if (error.code === 'ENOENT')
      throw new Error('lintian is not installed; install it (apt-get install lintian) and build again');
    // lintian exits non-zero when it reports an error; its report is what says which.
    output = error.stdout ?? '';
    if (!/^E: /m.test(output)) throw error;
  }
  writeFileSync(report, output);
  const errors = output.split('\n').filter((line) => line.startsWith('E: '));
  if (errors.length > 0) throw new Error(`lintian found errors in ${relative(repoRoot, deb)}:\n${errors.join('\n')}`);
  if (output.trim() !== '') console.log(`lintian:\n${output.trim()}`);
}

function writePortableArchive(prefix, { version, archive }) {
  const top = `client-${version}`;
  const portable = join(buildDir, 'portable');
  rmSync(portable, { recursive: true, force: true });
  cpSync(prefix, join(portable, top), { recursive: true });
  // Lintian's notes are for the .deb; the archive's reader gets a README instead.
  rmSync(join(portable, top, 'share', 'lintian'), { recursive: true });
  copyFileSync(join(releaseFiles, 'README.portable.md'), join(portable, top, 'README.md'));
  chmodSync(join(portable, top, 'README.md'), 0o644);
  rmSync(archive, { force: true });
  run('tar', [...REPRODUCIBLE_TAR, '-C', portable, '-cf', archive, '--use-compress-program=xz -T2 -6', top]);
  rmSync(portable, { recursive: true, force: true });
}

export async function packageRelease() {
  const { version, architecture, deb, archive, lintianReport } = releaseArtifacts();
  const root = join(buildDir, 'deb', `client_${version}_${architecture}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'DEBIAN'), { recursive: true });
  const prefix = join(root, 'usr');
  await stageTree(prefix, { version });

  const installedKiB = Math.ceil(directorySize(prefix) / 1024);
  writeFileSync(join(root, 'DEBIAN/control'), controlFile({ version, architecture, installedKiB }));
  normaliseModes(join(root, 'DEBIAN'));
  run('dpkg-deb', ['--root-owner-group', '-Zxz', '-z6', '--build', root, deb]);
  checkWithLintian(deb, lintianReport);
  writePortableArchive(prefix, { version, archive });
  return { deb, archive, root, version, architecture };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const { deb, archive, lintianReport } = releaseArtifacts();
  const outFiles = [deb, archive, lintianReport];
  const { reused } = await cachedArtifacts({ repoRoot, outFiles, build: packageRelease });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const how = reused ? 'copied from the build cache, its inputs unchanged,' : 'built';
  for (const file of [deb, archive]) {
    const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
    console.log(`wrote ${relative(process.cwd(), file)} (${megabytes} MiB)`);
  }
  console.log(`${how} in ${seconds} s`);
}
