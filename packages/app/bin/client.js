#!/usr/bin/env node
// Launcher for the workspace. `npm run build` (done by `npm ci`'s prepare step) compiles every package to dist/ and
// bundles the app into dist/bundle/client.mjs, which runs itself; a stale or missing bundle falls back to dist/.
import { currentBuild } from '@client/local/launcher';

const build = currentBuild(import.meta.url, {
  bundle: '../dist/bundle/client.mjs',
  compiled: '../dist/cli.js',
  bundledPackages: ['core', 'local', 'store', 'secrets', 'control-plane', 'app'],
});
if (build.kind === 'bundle') {
  await import(build.url);
} else {
  const { runCli } = await import(build.url);
  process.exitCode = await runCli(process.argv.slice(2));
}
