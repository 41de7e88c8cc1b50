#!/usr/bin/env node
// Launcher for the workspace: runs the built package (`npm run build`, done by `npm ci`'s prepare step).
import { runCli } from '../dist/cli.js';

process.exitCode = await runCli(process.argv.slice(2));
