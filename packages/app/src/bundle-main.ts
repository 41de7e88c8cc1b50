// The entry of the app's bundle (scripts/bundle-app.mjs). The flags are set before the rest of the app is
// imported, so every module of ours is evaluated with them.
import { setStartFlags } from './runtime/v8-flags.js';

setStartFlags();
const { runCli } = await import('./cli.js');
process.exitCode = await runCli(process.argv.slice(2));
