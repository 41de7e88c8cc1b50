#!/usr/bin/env node
// Launcher for the workspace: runs the built package. The single-file binaries start from the bundle instead.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCli } from '../dist/index.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
process.exitCode = await runCli(process.argv.slice(2), {
  version: manifest.version,
  command: fileURLToPath(import.meta.url),
});
