import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { readIfPresent, writePlan } from '../project-files.js';
import { type RecordedProject, type RenderProject, renderWithThisGenerator } from './project-render.js';

export interface UpgradeResult {
  /** Files the template changed that the project still had as generated: now as today's generator writes them. */
  readonly upgraded: readonly string[];
  /** Files today's template has that the earlier one had not: written. */
  readonly added: readonly string[];
  /** Files the earlier template had and today's has not, unchanged in the project: removed. */
  readonly removed: readonly string[];
  /** Files the template changed that the project has changed too (or removed): left as they are, to merge by hand. */
  readonly kept: readonly string[];
}

/**
 * Applies the template's changes between the generator that made the project (`renderBefore`) and today's
 * (`renderNow`) to the files the user has not changed since; a file the user changed is kept and listed, so
 * nothing of theirs is overwritten. Files neither template writes (resources, the user's own) are not touched.
 */
export async function upgradeProject(
  project: RecordedProject,
  renderBefore: RenderProject,
  renderNow: RenderProject = renderWithThisGenerator,
): Promise<UpgradeResult> {
  const before = await renderBefore(project.parameters, project.capabilities);
  const now = await renderNow(project.parameters, project.capabilities);
  const read = (path: string) => readIfPresent(join(project.directory, ...path.split('/')));
  const plan = new Map<string, string>();
  const upgraded: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  const kept: string[] = [];
  for (const path of [...new Set([...before.keys(), ...now.keys()])].sort()) {
    const earlier = before.get(path);
    const later = now.get(path);
    if (earlier === later) continue;
    const present = await read(path);
    if (present === later) continue;
    if (present !== earlier) {
      kept.push(path);
    } else if (later === undefined) {
      removed.push(path);
    } else {
      plan.set(path, later);
      (earlier === undefined ? added : upgraded).push(path);
    }
  }
  await writePlan(project.directory, plan);
  for (const path of removed) await rm(join(project.directory, ...path.split('/')));
  return { upgraded, added, removed, kept };
}
