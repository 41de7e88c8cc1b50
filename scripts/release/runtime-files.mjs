// Files the bundled code reads at run time from the packages it depends on (a WebAssembly module, a script it
// evaluates elsewhere than in Node). A package of ours lists them in its manifest's `clientRuntimeFiles`, as module
// specifiers it resolves from its own sources; the bundle maps each module's `import.meta.url` to its place in a copy
// of the checkout's layout, so each file is shipped to the same place in that copy, with the manifest of the package
// it belongs to (whose `exports` its resolution reads).
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

/** The directory of the npm package that holds `file`: the nearest folder above it with a package.json. */
function packageRootOf(file) {
  let dir = dirname(file);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${file} is in no npm package`);
    dir = parent;
  }
  return dir;
}

/** Copies each bundled package's runtime files from the checkout at `repoRoot` into `appDir`, at the same paths. */
export function shipRuntimeFiles(repoRoot, appDir, bundledPackages) {
  for (const name of bundledPackages) {
    const manifestPath = join(repoRoot, 'packages', name, 'package.json');
    const { clientRuntimeFiles = [] } = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const resolve = createRequire(manifestPath).resolve;
    for (const specifier of clientRuntimeFiles) {
      const file = resolve(specifier);
      const manifest = join(packageRootOf(file), 'package.json');
      for (const path of [file, manifest]) cpSync(path, join(appDir, relative(repoRoot, path)));
    }
  }
}
