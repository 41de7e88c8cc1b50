#!/usr/bin/env node
// Launcher for the workspace. `npm run build` (done by `npm ci`'s prepare step) compiles every package to dist/ and
// bundles the app into dist/bundle/client.mjs, which runs itself; a stale or missing bundle falls back to dist/.
import { createRequire } from 'node:module';

// Required by its path in the workspace (the layout currentBuild relies on anyway): imported, the CommonJS module
// would first be parsed by Node for the names it exports, and the package's exports map resolved, 3 ms of every start.
const { currentBuild } = createRequire(import.meta.url)('../../local/launcher.cjs');

const build = currentBuild(import.meta.url, {
  bundle: '../dist/bundle/client.mjs',
  compiled: '../dist/cli.js',
  bundledPackages: ['core', 'local', 'store', 'secrets', 'http', 'runner', 'control-plane', 'app'],
});
if (build.kind === 'bundle') {
  await import(build.url);
} else {
  const { runCli } = await import(build.url);
  process.exitCode = await runCli(process.argv.slice(2));
}
