import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { GENERATOR_VERSION } from './archetype-catalog.js';
import { ArchetypeError } from './archetype-error.js';
import type { RootManifest } from './capabilities/project-marker.js';
import { formatManifest } from './pin-dependency-versions.js';

/** The generator's package name, which no public registry resolves to someone else's code. */
const GENERATOR_PACKAGE = '@client/archetype';

/**
 * Where a generated project keeps the generator that made it, as npm packs it: a devDependency by file, so
 * `npm run archetype -- …` runs this generator from node_modules and never a package of the same name fetched
 * from a registry.
 */
export const GENERATOR_PACKAGE_FILE = `tools/client-archetype-${GENERATOR_VERSION}.tgz`;

/** Records the generator in the rendered root manifest: the devDependency and the `archetype` script. */
export function recordGenerator(files: Map<string, string>): void {
  const root = JSON.parse(files.get('package.json') ?? '{}') as RootManifest & {
    scripts?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  root.scripts = { ...root.scripts, archetype: 'client-archetype' };
  root.devDependencies = { ...root.devDependencies, [GENERATOR_PACKAGE]: `file:${GENERATOR_PACKAGE_FILE}` };
  files.set('package.json', formatManifest(root));
}

/** The generator's own package, packed by npm as `npm pack` packs it for a registry. */
export async function packGenerator(): Promise<Buffer> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const destination = await mkdtemp(join(tmpdir(), 'archetype-pack-'));
  try {
    const { stdout } = await promisify(execFile)('npm', ['pack', '--json', '--pack-destination', destination, root], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    if (!packed) throw new Error('npm pack named no file');
    return await readFile(join(destination, packed.filename));
  } catch (error) {
    throw new ArchetypeError(
      'TEMPLATE',
      `could not pack the generator into the project (${error instanceof Error ? error.message : String(error)}); is npm on the PATH?`,
    );
  } finally {
    await rm(destination, { recursive: true, force: true });
  }
}

/**
 * Puts this generator's package where the upgraded manifest names it and removes the earlier ones from `tools/`,
 * so `npm install` installs the generator the project is now on.
 */
export async function replaceGeneratorPackage(directory: string): Promise<void> {
  const target = join(directory, ...GENERATOR_PACKAGE_FILE.split('/'));
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, await packGenerator());
  for (const name of await readdir(dirname(target))) {
    const path = join(dirname(target), name);
    if (/^client-archetype-.*\.tgz$/.test(name) && path !== target) await rm(path);
  }
}
