#!/usr/bin/env node
// Launcher for the workspace. `npm run build` (done by `npm ci`'s prepare step) compiles every package to dist/ and
// bundles the app into dist/bundle/client.mjs, which starts much faster than hundreds of modules. The bundle runs
// unless it is missing or older than a later compile of one of the packages it holds (a `tsc -b` on its own
// after a change); then the compiled package runs.
import { statSync } from 'node:fs';

const BUNDLED_PACKAGES = ['core', 'local', 'store', 'secrets', 'control-plane', 'mcp', 'app'];

function modifiedAt(relativeUrl) {
  return statSync(new URL(relativeUrl, import.meta.url), { throwIfNoEntry: false })?.mtimeMs;
}

function bundleIsCurrent() {
  const bundled = modifiedAt('../dist/bundle/client.mjs');
  if (bundled === undefined) return false;
  return BUNDLED_PACKAGES.every((name) => (modifiedAt(`../../${name}/dist/.tsbuildinfo`) ?? 0) <= bundled);
}

if (bundleIsCurrent()) {
  await import('../dist/bundle/client.mjs');
} else {
  const { runCli } = await import('../dist/cli.js');
  process.exitCode = await runCli(process.argv.slice(2));
}
