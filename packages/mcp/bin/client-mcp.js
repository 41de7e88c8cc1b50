#!/usr/bin/env node
// Launcher for the workspace: runs the package as one bundled module (`npm run build` writes dist/bundle/, and
// `npm ci`'s prepare step runs it), which loads in about half the time of the compiled package's modules. The
// compiled package in dist/ runs instead when the bundle is missing or older than a later compile of a package
// it holds (a `tsc -b` on its own after a change). The single-file binaries start from their own bundle.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BUNDLED_PACKAGES = ['core', 'local', 'mcp'];

function modifiedAt(relativeUrl) {
  return statSync(new URL(relativeUrl, import.meta.url), { throwIfNoEntry: false })?.mtimeMs;
}

function bundleIsCurrent() {
  const bundled = modifiedAt('../dist/bundle/client-mcp.mjs');
  if (bundled === undefined) return false;
  return BUNDLED_PACKAGES.every((name) => (modifiedAt(`../../${name}/dist/.tsbuildinfo`) ?? 0) <= bundled);
}

const { runCli } = await import(bundleIsCurrent() ? '../dist/bundle/client-mcp.mjs' : '../dist/index.js');
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
process.exitCode = await runCli(process.argv.slice(2), {
  version: manifest.version,
  command: fileURLToPath(import.meta.url),
});
