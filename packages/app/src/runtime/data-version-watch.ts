import type { Store } from '@client/store';

/** How often the database is checked for commits by other processes. */
export const DATA_VERSION_POLL_MS = 500;

/**
 * Calls `onChange` with the new version when another process (such as `client project create`) commits
 * to the database. SQLite's data_version moves only for other connections' commits, so the app's own
 * writes stay quiet.
 */
export function watchDataVersion(
  store: Pick<Store, 'dataVersion'>,
  intervalMs: number,
  onChange: (dataVersion: number) => void,
): () => void {
  let last = store.dataVersion();
  const timer = setInterval(() => {
    const current = store.dataVersion();
    if (current === last) return;
    last = current;
    onChange(current);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
