import { AppError, type Flavor } from '@client/core';

declare global {
  /** Set by the packaging bundler (esbuild `define`) for release builds; absent when running from the source tree. */
  var __CLIENT_BUILD_FLAVOR__: Flavor | undefined;
}

/** The flavor this build was made as: packaged builds are `release`, everything run from the source tree is `dev`. */
export function buildFlavor(): Flavor {
  return globalThis.__CLIENT_BUILD_FLAVOR__ ?? 'dev';
}

/** `CLIENT_FLAVOR=release|dev` overrides the build flavor. */
export function resolveFlavor(env: NodeJS.ProcessEnv = process.env): Flavor {
  const override = env.CLIENT_FLAVOR;
  if (override === undefined || override === '') return buildFlavor();
  if (override === 'release' || override === 'dev') return override;
  throw new AppError(
    'VALIDATION',
    `CLIENT_FLAVOR must be "release" or "dev", not "${override}"; unset it to use the build's flavor`,
  );
}
