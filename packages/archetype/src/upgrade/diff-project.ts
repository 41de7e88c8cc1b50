import { join } from 'node:path';

import { createTwoFilesPatch } from 'diff';

import { readIfPresent } from '../project-files.js';
import { type RecordedProject, type RenderProject, renderWithThisGenerator } from './project-render.js';

/** A file the generator would write otherwise than the project has it. */
export interface FileDifference {
  readonly path: string;
  /** `missing`: the project has no such file; `changed`: its contents differ. */
  readonly kind: 'missing' | 'changed';
  /** A unified diff from the project's file (a) to the generator's (b). */
  readonly patch: string;
}

/**
 * How the project differs from what `render` (today's generator, by default) writes for its parameters and
 * capabilities: every file the generator writes that the project lacks or has otherwise, by path. Files the
 * generator does not write (resources, the user's own) are the project's and not compared.
 */
export async function diffProject(
  project: RecordedProject,
  render: RenderProject = renderWithThisGenerator,
): Promise<FileDifference[]> {
  const differences: FileDifference[] = [];
  const rendered = await render(project.parameters, project.capabilities);
  for (const path of [...rendered.keys()].sort()) {
    const wanted = rendered.get(path) ?? '';
    const present = await readIfPresent(join(project.directory, ...path.split('/')));
    if (present === wanted) continue;
    differences.push({
      path,
      kind: present === undefined ? 'missing' : 'changed',
      patch: createTwoFilesPatch(`a/${path}`, `b/${path}`, present ?? '', wanted, 'project', 'generator'),
    });
  }
  return differences;
}
