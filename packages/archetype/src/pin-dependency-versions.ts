import { ArchetypeError } from './archetype-error.js';
import { DEPENDENCY_VERSIONS, isManagedDependency, type ManagedDependency } from './dependency-versions.js';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
const ROOT_MANIFEST = 'package.json';

interface Manifest {
  name?: string;
  workspaces?: string[];
  overrides?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function parseManifest(path: string, text: string): Manifest {
  try {
    return JSON.parse(text) as Manifest;
  } catch (error) {
    throw new ArchetypeError('TEMPLATE', `template file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/** npm's own layout, which Biome also expects for package.json files. */
export function formatManifest(manifest: object): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Gives every third-party dependency of the rendered project its version from `DEPENDENCY_VERSIONS`. The
 * modules name their dependencies with `*`; the root manifest becomes the project's bill of materials: its
 * `dependencies` pin every library a module uses, and its `overrides` (`"$name"`, npm's reference to those
 * root versions) force the same versions on transitive and peer dependencies. The root devDependencies (the
 * tools) are pinned in place. Workspace modules (`@<groupId>/<artifactId>-…`) are left alone. `files` maps
 * project-relative paths to rendered contents and is updated in place.
 */
export function pinDependencyVersions(files: Map<string, string>, modulePrefix: string): void {
  const rootText = files.get(ROOT_MANIFEST);
  if (rootText === undefined) throw new ArchetypeError('TEMPLATE', 'the template has no root package.json');
  const usedByModules = new Set<ManagedDependency>();
  for (const [path, text] of files) {
    if (path !== ROOT_MANIFEST && !path.endsWith('/package.json')) continue;
    const manifest = parseManifest(path, text);
    for (const field of DEPENDENCY_FIELDS) {
      for (const name of Object.keys(manifest[field] ?? {})) {
        if (name.startsWith(modulePrefix)) continue;
        if (!isManagedDependency(name)) {
          throw new ArchetypeError(
            'TEMPLATE',
            `${path} depends on ${name}, which has no version in the generator's DEPENDENCY_VERSIONS`,
          );
        }
        if (path !== ROOT_MANIFEST) usedByModules.add(name);
      }
    }
  }
  const root = parseManifest(ROOT_MANIFEST, rootText);
  const managed = [...usedByModules].sort();
  root.dependencies = Object.fromEntries(managed.map((name) => [name, DEPENDENCY_VERSIONS[name]]));
  root.overrides = Object.fromEntries(managed.map((name) => [name, `$${name}`]));
  const tools = root.devDependencies ?? {};
  for (const name of Object.keys(tools)) {
    if (isManagedDependency(name)) tools[name] = DEPENDENCY_VERSIONS[name];
  }
  files.set(ROOT_MANIFEST, formatManifest(root));
}
