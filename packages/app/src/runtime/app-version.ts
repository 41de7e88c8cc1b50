import { readFileSync } from 'node:fs';

/** The app's version (semver), as `GET /agent/health` and `client status` report it: the package's own. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
