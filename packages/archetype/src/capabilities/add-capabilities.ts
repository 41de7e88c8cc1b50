import { join } from 'node:path';

import { ArchetypeError } from '../archetype-error.js';
import { findProjectRoot, readIfPresent, type WrittenFiles, writePlan } from '../project-files.js';
import { planCapabilities } from './plan-capabilities.js';

export interface AddedCapabilities extends WrittenFiles {
  /** The project's root directory. */
  readonly directory: string;
}

/**
 * Adds capabilities to the generated project containing `start`. Everything is planned before anything is
 * written, and a failed write puts back what was there, so a refusal or an I/O error leaves the project whole.
 */
export async function addCapabilities(start: string, names: readonly string[]): Promise<AddedCapabilities> {
  if (names.length === 0) {
    throw new ArchetypeError('USAGE', 'name the capability to add: archetype add <capability> (see --help)');
  }
  const directory = await findProjectRoot(start);
  const plan = await planCapabilities((path) => readIfPresent(join(directory, ...path.split('/'))), names);
  return { directory, ...(await writePlan(directory, plan)) };
}
