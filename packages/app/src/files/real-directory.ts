import { lstatSync } from 'node:fs';

/** Whether `path` is a directory itself, not a link to one (nor missing). */
export function isRealDirectory(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}
