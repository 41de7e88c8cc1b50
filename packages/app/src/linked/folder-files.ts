import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** A file of a linked folder as the disk has it now. */
export interface DiskFile {
  /** Relative to the folder, `/` separators. */
  path: string;
  size: number;
  mtimeMs: number;
}

const YAML_FILE = /\.ya?ml$/i;

/**
 * Whether a path of the folder is one the project's format owns: YAML, in no hidden directory (`.git/`) and not
 * hidden itself (the temporary files of an atomic write are). Everything else in the folder is not the app's.
 */
function isFormatPath(path: string): boolean {
  const parts = path.split('/');
  return YAML_FILE.test(path) && parts.every((part) => part !== '' && !part.startsWith('.') && part !== 'node_modules');
}

/** Every file of the folder the format owns, with its size and modification time; nothing is read. */
export function listFolderFiles(folder: string): DiskFile[] {
  const found: DiskFile[] = [];
  const walk = (relative: string) => {
    const absolute = relative === '' ? folder : join(folder, ...relative.split('/'));
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && isFormatPath(path)) {
        const stats = statSync(join(absolute, entry.name), { throwIfNoEntry: false });
        if (stats !== undefined) found.push({ path, size: stats.size, mtimeMs: stats.mtimeMs });
      }
    }
  };
  walk('');
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

const absoluteOf = (folder: string, path: string): string => join(folder, ...path.split('/'));

/** The file's text and stat; undefined when it is gone. */
export function readDiskFile(folder: string, path: string): (DiskFile & { text: string }) | undefined {
  try {
    const absolute = absoluteOf(folder, path);
    const text = readFileSync(absolute, 'utf8');
    const stats = statSync(absolute);
    return { path, text, size: stats.size, mtimeMs: stats.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The file's size and modification time now; undefined when it is gone. */
export function statDiskFile(folder: string, path: string): DiskFile | undefined {
  const stats = statSync(absoluteOf(folder, path), { throwIfNoEntry: false });
  return stats === undefined ? undefined : { path, size: stats.size, mtimeMs: stats.mtimeMs };
}

/**
 * Replaces the file in one step (a hidden temporary file beside it, then a rename): an editor, git or the watcher
 * sees the old text or the new, never half of it. Mode 0644, as files a repository carries are. Not synced to the
 * disk first: the folder is a working copy, and syncing each of 10,000 files would make linking take minutes.
 */
export function writeDiskFile(folder: string, path: string, text: string): DiskFile {
  const absolute = absoluteOf(folder, path);
  mkdirSync(dirname(absolute), { recursive: true });
  const temp = join(dirname(absolute), `.${path.split('/').at(-1)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o644);
  try {
    writeSync(fd, text);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, absolute);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
  const stats = statSync(absolute);
  return { path, size: stats.size, mtimeMs: stats.mtimeMs };
}

/** Removes the file, then each directory above it that it left empty, up to the folder itself. */
export function removeDiskFile(folder: string, path: string): void {
  try {
    unlinkSync(absoluteOf(folder, path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let directory = dirname(absoluteOf(folder, path));
  while (directory.length > folder.length && directory.startsWith(folder + sep)) {
    try {
      rmdirSync(directory);
    } catch {
      return;
    }
    directory = dirname(directory);
  }
}
