import type { Flavor } from '@client/core';
import { localPaths, resolveControlPlanePorts, resolveDataDir, resolveFlavor } from '@client/local';

/** Which install a command works on: the same data dir and flavor rules as the app and client-mcp. */
export interface CliInstall {
  dataDir: string;
  flavor: Flavor;
  tokenPath: string;
  databasePath: string;
  /** The control-plane ports the app tries and `status` scans. */
  ports: number[];
}

/** Throws `AppError` `VALIDATION` when `CLIENT_DATA_DIR`, `CLIENT_FLAVOR` or `CLIENT_PORT_RANGE` is malformed. */
export function resolveCliInstall(env: NodeJS.ProcessEnv = process.env): CliInstall {
  const dataDir = resolveDataDir({ env });
  const paths = localPaths(dataDir);
  return {
    dataDir,
    flavor: resolveFlavor(env),
    tokenPath: paths.tokenPath,
    databasePath: paths.databasePath,
    ports: resolveControlPlanePorts(env),
  };
}
