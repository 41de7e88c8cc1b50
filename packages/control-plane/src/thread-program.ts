declare global {
  /** The app bundle's own URL: defined at build time in the bundle only (packages/app/scripts/bundle-app.mjs). */
  var __CLIENT_BUNDLE_URL__: string | undefined;
}

/**
 * A thread program of this package by name: in the app bundle, the one bundled beside it (`<name>.mjs`, where
 * bundle-app.mjs writes it); otherwise this package's compiled `dist/<name>.js` (so tests, which run this
 * package from its source, need it built).
 */
export function threadProgram(name: string): URL {
  const bundle = globalThis.__CLIENT_BUNDLE_URL__;
  return bundle === undefined ? new URL(`../dist/${name}.js`, import.meta.url) : new URL(`./${name}.mjs`, bundle);
}
