import type { Flavor } from '@client/core';
import { localPaths, resolveDataDir } from '../data-dir.js';
import { resolveFlavor } from '../flavor.js';

/** Which install client-mcp talks to: the same data dir and flavor rules as the app, read from the environment. */
export interface InstallLocation {
  dataDir: string;
  flavor: Flavor;
  tokenPath: string;
  /** True when `CLIENT_DATA_DIR` chose the data dir, so advice must repeat it. */
  dataDirFromEnv: boolean;
}

/** Throws `AppError` `VALIDATION` when `CLIENT_DATA_DIR` or `CLIENT_FLAVOR` is malformed. */
export function resolveInstallLocation(env: NodeJS.ProcessEnv): InstallLocation {
  const dataDir = resolveDataDir({ env });
  return {
    dataDir,
    flavor: resolveFlavor(env),
    tokenPath: localPaths(dataDir).tokenPath,
    dataDirFromEnv: Boolean(env.CLIENT_DATA_DIR),
  };
}
