import { chmodSync, statSync } from 'node:fs';

/** Tightens `path` to `mode` when group or others can read it; returns whether it had to. */
export function repairLooseMode(path: string, mode: number): boolean {
  if (process.platform === 'win32') return false;
  if ((statSync(path).mode & 0o077) === 0) return false;
  chmodSync(path, mode);
  return true;
}
