#!/usr/bin/env node
// Launcher for the workspace: runs the package's bundle (`npm run build` writes dist/bundle/, and `npm ci`'s
// prepare step runs it), or the compiled package when the bundle is stale or missing. The single-file binaries
// start from their own bundle. An agent host starts client-mcp for every session and waits for its first answer,
// so this start is kept lean: CommonJS (bin/package.json says so), like the bundle, since an ES module entry
// would first load Node's ES module loader; the bundle compiled from V8's code cache (../code-cache.cjs); and the
// build choice required by its path in the workspace (the layout currentBuild relies on anyway), which resolving
// `@client/local/launcher` would take 2 ms longer to find.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { fileURLToPath, pathToFileURL } = require('node:url');
const { currentBuild } = require('../../local/launcher.cjs');
const { requireWithCodeCache } = require('../code-cache.cjs');

const build = currentBuild(pathToFileURL(__filename).href, {
  bundle: '../dist/bundle/client-mcp.cjs',
  compiled: '../dist/index.js',
  bundledPackages: ['core', 'local', 'mcp'],
});
const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
const loaded =
  build.kind === 'bundle' ? Promise.resolve(requireWithCodeCache(fileURLToPath(build.url)).exports) : import(build.url);
loaded
  .then(({ runCli }) => runCli(process.argv.slice(2), { version, command: __filename }))
  .then((code) => {
    process.exitCode = code;
  });
