import type { Flavor } from '@client/core';
import { localPaths, resolveDataDir, resolveFlavor } from '@client/local';

/** Which install a command works on: the same data dir and flavor rules as the app and client-mcp. */
export interface CliInstall {
  dataDir: string;
  flavor: Flavor;
  tokenPath: string;
  databasePath: string;
}

/** Throws `AppError` `VALIDATION` when `CLIENT_DATA_DIR` or `CLIENT_FLAVOR` is malformed. */
export function resolveCliInstall(env: NodeJS.ProcessEnv = process.env): CliInstall {
  const dataDir = resolveDataDir({ env });
  const paths = localPaths(dataDir);
  return { dataDir, flavor: resolveFlavor(env), tokenPath: paths.tokenPath, databasePath: paths.databasePath };
}
