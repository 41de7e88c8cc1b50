#!/usr/bin/env node
// Launcher for the built generator; `npm run build` (or the root `prepare` step) produces ../dist.
import { main } from '../dist/cli.js';

await main();
