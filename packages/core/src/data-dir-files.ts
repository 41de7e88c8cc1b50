import { AppError } from './errors.js';

/**
 * The refusal for a symbolic link where the app keeps a file of its own (token, key file, database). The app
 * never follows one there: a link planted in the data dir would otherwise make it write to, or loosen the mode
 * of, a file somewhere else.
 */
export function symlinkInDataDir(path: string): AppError {
  return new AppError(
    'VALIDATION',
    `${path} is a symbolic link, and the app never follows links for the files it keeps in its data dir; ` +
      'replace the link with the file itself, or remove it to have a new one made',
  );
}

/** What `lstat` tells of a path, as far as these checks need it. */
export interface FileKind {
  isSymbolicLink(): boolean;
  isFile(): boolean;
  isDirectory(): boolean;
}

/**
 * Throws the readable refusal when a file the app keeps in its data dir is a symbolic link or not a regular
 * file at all (a directory, a socket): the app neither follows nor replaces either.
 */
export function refuseUnlessPlainFile(path: string, kind: FileKind): void {
  if (kind.isSymbolicLink()) throw symlinkInDataDir(path);
  if (kind.isFile()) return;
  throw new AppError(
    'VALIDATION',
    `${path} is ${kind.isDirectory() ? 'a directory' : 'a special file'}, not a file; move it out of the data dir and start again to have a new one made`,
  );
}
