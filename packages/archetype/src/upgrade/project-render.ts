import { join } from 'node:path';

import { ARCHETYPES } from '../archetype-catalog.js';
import { readRootManifest } from '../capabilities/project-marker.js';
import { renderProject } from '../generate-project.js';
import type { ProjectParameters } from '../generator-parameters.js';
import { findProjectRoot, readIfPresent } from '../project-files.js';

/** What a generator writes for a project: project-relative path → contents. */
export type RenderProject = (
  parameters: ProjectParameters,
  capabilities: readonly string[],
) => Promise<Map<string, string>>;

/** A generated project as its root manifest's `archetype` block records it. */
export interface RecordedProject {
  /** The project's root directory. */
  readonly directory: string;
  /** The archetype id it was generated (or last upgraded) with: `client:node-fastify-archetype:0.1.0`. */
  readonly archetypeId: string;
  readonly parameters: ProjectParameters;
  readonly capabilities: readonly string[];
}

/** The project containing `start`, as its marker records it. */
export async function recordedProject(start: string): Promise<RecordedProject> {
  const directory = await findProjectRoot(start);
  const manifest = readRootManifest((await readIfPresent(join(directory, 'package.json'))) ?? '', 'package.json');
  const { id, parameters, capabilities } = manifest.archetype;
  return { directory, archetypeId: id, parameters, capabilities };
}

/** What today's generator writes for a project with these parameters and capabilities. */
export const renderWithThisGenerator: RenderProject = (parameters, capabilities) =>
  renderProject(ARCHETYPES[0], parameters, capabilities);
