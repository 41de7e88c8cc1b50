import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { ArchetypeError } from './archetype-error.js';

/** A project file by project-relative (`/`-separated) path, or `undefined` when there is none. */
export type ReadProjectFile = (path: string) => Promise<string | undefined>;

export async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Whether a package.json names an `archetype` block at its top level (checked in full by the planner). */
function hasArchetypeBlock(manifest: string | undefined): boolean {
  if (manifest === undefined) return false;
  try {
    const parsed: unknown = JSON.parse(manifest);
    return typeof parsed === 'object' && parsed !== null && Object.hasOwn(parsed, 'archetype');
  } catch {
    return false;
  }
}

/** The nearest directory from `start` upward whose package.json has an `archetype` block. */
export async function findProjectRoot(start: string): Promise<string> {
  for (let directory = start; ; directory = dirname(directory)) {
    if (hasArchetypeBlock(await readIfPresent(join(directory, 'package.json')))) return directory;
    if (dirname(directory) === directory) break;
  }
  throw new ArchetypeError(
    'NOT_A_PROJECT',
    `${start} is not inside a project made by archetype archetype:generate (no package.json with an "archetype" block here or above)`,
  );
}

export interface WrittenFiles {
  /** Project-relative paths written for the first time, sorted. */
  readonly added: readonly string[];
  /** Project-relative paths rewritten, sorted. */
  readonly changed: readonly string[];
}

/**
 * Writes a planned set of files into the project at `directory`. A failed write puts back what was there, so an
 * I/O error leaves the project whole.
 */
export async function writePlan(directory: string, plan: ReadonlyMap<string, string>): Promise<WrittenFiles> {
  const absolute = (path: string) => join(directory, ...path.split('/'));
  const originals = new Map<string, string | undefined>();
  try {
    for (const [path, text] of plan) {
      originals.set(path, await readIfPresent(absolute(path)));
      await mkdir(dirname(absolute(path)), { recursive: true });
      await writeFile(absolute(path), text);
    }
  } catch (error) {
    for (const [path, original] of originals) {
      if (original === undefined) await rm(absolute(path), { force: true });
      else await writeFile(absolute(path), original);
    }
    throw error;
  }
  const paths = [...originals.keys()].sort();
  return {
    added: paths.filter((path) => originals.get(path) === undefined),
    changed: paths.filter((path) => originals.get(path) !== undefined),
  };
}
