type Undici = typeof import('undici');

/**
 * Undici, most of the sender's code, read at the first send rather than when the UI's routes are built. It is a
 * CommonJS module: Node's namespace for it and the app bundle's chunk of it (esbuild keeps only the default export
 * of a split CommonJS module) both hold the whole module as their default export, typed here as its named exports.
 */
export async function loadUndici(): Promise<Undici> {
  return (await import('undici')).default as unknown as Undici;
}
