// Shared by the workspace launchers (packages/*/bin/*.js), which run before anything is compiled or bundled is
// known to be current, so this stays plain JavaScript outside src/. CommonJS, so that a CommonJS launcher can
// require it without Node's ES module loader (launcher.js gives it to ES module launchers).
const { statSync } = require('node:fs');

function modifiedAt(url) {
  return statSync(url, { throwIfNoEntry: false })?.mtimeMs;
}

/**
 * Which build a launcher runs: its package's bundle (one module, much faster to load than hundreds), unless the
 * bundle is missing or older than a later compile of one of the packages it holds (a `tsc -b` on its own after
 * a change); then the compiled package. Paths are relative to the launcher's `import.meta.url`.
 */
function currentBuild(launcherUrl, { bundle, compiled, bundledPackages }) {
  const bundled = modifiedAt(new URL(bundle, launcherUrl));
  if (bundled === undefined) return { kind: 'compiled', url: new URL(compiled, launcherUrl).href };
  const compiledLater = bundledPackages.some(
    (name) => (modifiedAt(new URL(`../../${name}/dist/.tsbuildinfo`, launcherUrl)) ?? 0) > bundled,
  );
  return compiledLater
    ? { kind: 'compiled', url: new URL(compiled, launcherUrl).href }
    : { kind: 'bundle', url: new URL(bundle, launcherUrl).href };
}

module.exports = { currentBuild };
