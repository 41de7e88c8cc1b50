/**
 * True for a file path that means nothing without knowing the directory it was written in (`photo.png`,
 * `./body.json`, `../x`): curl reads it from the directory the command runs in, which the app never knows.
 * Absolute paths (POSIX, Windows, UNC) and paths that start with a `{{variable}}` are not relative.
 */
export function isRelativeFilePath(path: string): boolean {
  if (path.startsWith('/') || path.startsWith('\\\\') || path.startsWith('{{')) return false;
  return !/^[A-Za-z]:[\\/]/.test(path);
}
