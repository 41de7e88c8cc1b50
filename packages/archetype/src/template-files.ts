import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Folders that may appear inside a template checked out for development and are never part of it. */
const IGNORED_TEMPLATE_FOLDERS = new Set(['node_modules', 'dist']);

/** Every file under a template folder, as sorted `/`-separated relative paths. */
export async function listTemplateFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((segment) => IGNORED_TEMPLATE_FOLDERS.has(segment)))
    .sort();
}
