import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Archetype } from './archetype-catalog.js';
import { ArchetypeError } from './archetype-error.js';
import { standaloneBiomeConfig } from './biome-config.js';
import type { ProjectParameters } from './generator-parameters.js';
import { pinDependencyVersions } from './pin-dependency-versions.js';
import { renderPath, renderText, tokenValues } from './template-tokens.js';
import { validateProjectParameters } from './validate-parameters.js';

/** Folders that may appear inside a template checked out for development and are never part of it. */
const IGNORED_TEMPLATE_FOLDERS = new Set(['node_modules', 'dist']);

export interface GenerateOptions {
  readonly archetype: Archetype;
  readonly parameters: ProjectParameters;
  /** The project is written to `<parentDir>/<artifactId>`. */
  readonly parentDir: string;
}

export interface GeneratedProject {
  readonly directory: string;
  /** Project-relative paths (`/`-separated) of every file written, sorted. */
  readonly files: readonly string[];
}

async function listTemplateFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((segment) => IGNORED_TEMPLATE_FOLDERS.has(segment)))
    .sort();
}

/** Every file of the project, rendered in memory: nothing is written when the template cannot be rendered. */
export async function renderProject(archetype: Archetype, parameters: ProjectParameters): Promise<Map<string, string>> {
  const values = tokenValues(parameters);
  const files = new Map<string, string>();
  for (const path of await listTemplateFiles(archetype.templateDir)) {
    const text = await readFile(join(archetype.templateDir, path), 'utf8');
    files.set(renderPath(path, values), renderText(text, values));
  }
  const biomeConfig = files.get('biome.json');
  if (biomeConfig !== undefined) files.set('biome.json', standaloneBiomeConfig(biomeConfig));
  pinDependencyVersions(files, `@${parameters.groupId}/${parameters.artifactId}-`);
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
  const files = await renderProject(options.archetype, parameters);
  await createProjectDirectory(directory);
  try {
    for (const [path, text] of files) {
      const target = join(directory, ...path.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text, { flag: 'wx' });
    }
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return { directory, files: [...files.keys()].sort() };
}
