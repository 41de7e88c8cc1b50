import { readFileSync } from 'node:fs';

/** Name and version of this module's package.json (from `src/` and `dist/` alike). */
export interface AppInfo {
  readonly packageName: string;
  readonly version: string;
}

export function readAppInfo(): AppInfo {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  return { packageName: manifest.name, version: manifest.version };
}
