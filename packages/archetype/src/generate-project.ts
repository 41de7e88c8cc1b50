import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Archetype } from './archetype-catalog.js';
import { ArchetypeError } from './archetype-error.js';
import { standaloneBiomeConfig } from './biome-config.js';
import { planCapabilities } from './capabilities/plan-capabilities.js';
import { markProject } from './capabilities/project-marker.js';
import { GENERATOR_PACKAGE_FILE, recordGenerator } from './generator-package.js';
import type { ProjectParameters } from './generator-parameters.js';
import { pinDependencyVersions } from './pin-dependency-versions.js';
import { listTemplateFiles } from './template-files.js';
import { renderPath, renderText, tokenValues } from './template-tokens.js';
import { validateProjectParameters } from './validate-parameters.js';

export interface GenerateOptions {
  readonly archetype: Archetype;
  readonly parameters: ProjectParameters;
  /** The project is written to `<parentDir>/<artifactId>`. */
  readonly parentDir: string;
  /** Optional capabilities to include, as `archetype add` would add them. */
  readonly capabilities?: readonly string[];
  /** The generator's own package (`packGenerator`), written where the project's manifest names it. */
  readonly generatorPackage?: () => Promise<Buffer>;
}

export interface GeneratedProject {
  readonly directory: string;
  /** Project-relative paths (`/`-separated) of every file written, sorted. */
  readonly files: readonly string[];
}

/** Every file of the project, rendered in memory: nothing is written when the template cannot be rendered. */
export async function renderProject(
  archetype: Archetype,
  parameters: ProjectParameters,
  capabilities: readonly string[] = [],
): Promise<Map<string, string>> {
  const values = tokenValues(parameters);
  const files = new Map<string, string>();
  for (const path of await listTemplateFiles(archetype.templateDir)) {
    const text = await readFile(join(archetype.templateDir, path), 'utf8');
    files.set(renderPath(path, values), renderText(text, values));
  }
  const biomeConfig = files.get('biome.json');
  if (biomeConfig !== undefined) files.set('biome.json', standaloneBiomeConfig(biomeConfig));
  pinDependencyVersions(files, `@${parameters.groupId}/${parameters.artifactId}-`);
  markProject(files, archetype, parameters);
  recordGenerator(files);
  if (capabilities.length > 0) {
    for (const [path, text] of await planCapabilities(async (path) => files.get(path), capabilities)) {
      files.set(path, text);
    }
  }
  return files;
}

async function createProjectDirectory(directory: string): Promise<void> {
  try {
    await mkdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new ArchetypeError(
        'TARGET_EXISTS',
        `${directory} already exists; choose another artifactId or remove that directory first`,
      );
    }
    throw error;
  }
}

/** Writes the project to `<parentDir>/<artifactId>`, which must not exist; on failure nothing is left behind. */
export async function generateProject(options: GenerateOptions): Promise<GeneratedProject> {
  const parameters = validateProjectParameters(options.parameters);
  const directory = join(options.parentDir, parameters.artifactId);
  const files = await renderProject(options.archetype, parameters, options.capabilities);
  await createProjectDirectory(directory);
  try {
    for (const [path, text] of files) {
      const target = join(directory, ...path.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text, { flag: 'wx' });
    }
    if (options.generatorPackage) {
      const target = join(directory, ...GENERATOR_PACKAGE_FILE.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, await options.generatorPackage(), { flag: 'wx' });
    }
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const written = options.generatorPackage ? [...files.keys(), GENERATOR_PACKAGE_FILE] : [...files.keys()];
  return { directory, files: written.sort() };
}
