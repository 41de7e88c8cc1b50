export interface BuildChoice {
  kind: 'bundle' | 'compiled';
  /** The module to import, as a file URL. */
  url: string;
}

export function currentBuild(
  launcherUrl: string,
  paths: { bundle: string; compiled: string; bundledPackages: readonly string[] },
): BuildChoice;
