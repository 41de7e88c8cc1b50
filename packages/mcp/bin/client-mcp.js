#!/usr/bin/env node
// Launcher for the workspace: runs the package's bundle (`npm run build` writes dist/bundle/, and `npm ci`'s
// prepare step runs it), or the compiled package when the bundle is stale or missing. The single-file binaries
// start from their own bundle.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentBuild } from '@client/local/launcher';

const build = currentBuild(import.meta.url, {
  bundle: '../dist/bundle/client-mcp.mjs',
  compiled: '../dist/index.js',
  bundledPackages: ['core', 'local', 'mcp'],
});
const { runCli } = await import(build.url);
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
process.exitCode = await runCli(process.argv.slice(2), {
  version: manifest.version,
  command: fileURLToPath(import.meta.url),
});
