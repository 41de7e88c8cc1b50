import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Archetype } from '../archetype-catalog.js';
import { ArchetypeError } from '../archetype-error.js';
import { readIfPresent } from '../project-files.js';
import type { RenderProject } from './project-render.js';

/** Where npm installs the project's own generator (its devDependency `tools/client-archetype-*.tgz`). */
const INSTALLED_GENERATOR = 'node_modules/@client/archetype';

/** What the generator's modules offer another version of it, as far as an upgrade uses them. */
interface GeneratorModules {
  readonly catalog: { readonly ARCHETYPES: readonly Archetype[] };
  readonly generate: {
    readonly renderProject: (
      archetype: Archetype,
      parameters: Parameters<RenderProject>[0],
      capabilities: Parameters<RenderProject>[1],
    ) => Promise<Map<string, string>>;
  };
}

/**
 * How the generator that made the project (or last upgraded it) renders it: the one npm installed in the project
 * from `tools/`, when its version is the one the project's `archetype` block records. Anything else is an
 * `ArchetypeError` that says what to do, so an upgrade never guesses which files the user changed.
 */
export async function earlierGenerator(directory: string, archetypeId: string): Promise<RenderProject> {
  const version = archetypeId.split(':').at(-1) ?? '';
  const root = join(directory, ...INSTALLED_GENERATOR.split('/'));
  const manifest = await readIfPresent(join(root, 'package.json'));
  const installed = manifest === undefined ? undefined : (JSON.parse(manifest) as { version?: string }).version;
  if (installed !== version) {
    throw new ArchetypeError(
      'NOT_A_PROJECT',
      installed === undefined
        ? `the generator that made this project (${archetypeId}) is not installed in ${INSTALLED_GENERATOR}: run npm install first`
        : `${INSTALLED_GENERATOR} is version ${installed}, but the project records ${archetypeId}: run npm install first`,
    );
  }
  const load = (module: string) => import(pathToFileURL(join(root, 'dist', module)).href);
  const modules = {
    catalog: await load('archetype-catalog.js'),
    generate: await load('generate-project.js'),
  } as GeneratorModules;
  const archetype = modules.catalog.ARCHETYPES.find((candidate) => archetypeId.endsWith(`:${candidate.version}`));
  if (!archetype) throw new ArchetypeError('NOT_A_PROJECT', `${INSTALLED_GENERATOR} does not know ${archetypeId}`);
  return (parameters, capabilities) => modules.generate.renderProject(archetype, parameters, capabilities);
}
