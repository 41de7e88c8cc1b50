#!/usr/bin/env -S node --max-semi-space-size=1
// The Node options above apply to every start of the app (scripts/node-flags.mjs). V8 grows the main thread's young
// generation to 32 MB under a stream of requests and keeps it after the stream ends; at 2 MB the app keeps about
// 10 MB less after 10,000 imports, at the same import rate (bench/README.md).
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
