import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import { findProjectRoot, readIfPresent, type WrittenFiles, writePlan } from '../project-files.js';
import { parseResourceRequest, planResource, type ResourceRequest } from './plan-resource.js';

export interface AddedResource extends WrittenFiles {
  /** The project's root directory. */
  readonly directory: string;
}

async function listIfPresent(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Adds a resource, in every layer, to the generated project containing `start`. Everything is planned before
 * anything is written, so a refusal leaves the project as it was, and a failed write puts back what was there.
 */
export async function addResource(start: string, request: ResourceRequest): Promise<AddedResource> {
  parseResourceRequest(request);
  const directory = await findProjectRoot(start);
  const absolute = (path: string) => join(directory, ...path.split('/'));
  const plan = await planResource(
    (path) => readIfPresent(absolute(path)),
    (path) => listIfPresent(absolute(path)),
    request,
  );
  return { directory, ...(await writePlan(directory, plan)) };
}
