/** `$XDG_CACHE_HOME/client/code-cache`, else `~/.cache/client/code-cache`. */
export function codeCacheDir(env?: NodeJS.ProcessEnv): string;

/** Requires the CommonJS file `bundle` through V8's code cache in `cacheDir`, trusting only `owner`'s files. */
export function requireWithCodeCache(
  bundle: string,
  options?: { cacheDir?: string | null; owner?: number },
): { exports: unknown; cache: 'hit' | 'miss' | 'off' };
