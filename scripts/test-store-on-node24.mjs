// `npm run test:store:node24`: runs the store's tests on the release runtime (Node 24, whose node:sqlite the store
// opens there), as `npm test` runs them on the Node 20 the checkout develops on (with better-sqlite3).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeRuntime } from './release/node-runtime.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const { node } = nodeRuntime(repoRoot, 'linux-x64');
const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(node, [vitest, 'run', 'packages/store'], { cwd: repoRoot, stdio: 'inherit' });
process.exitCode = result.status ?? 1;
