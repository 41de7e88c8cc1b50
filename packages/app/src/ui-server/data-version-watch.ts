import type { Store } from '@client/store';

/**
 * Calls `onChange` when another process (such as `client project create`) commits to the database.
 * SQLite's data_version moves only for other connections' commits, so the app's own writes stay quiet.
 */
export function watchDataVersion(store: Store, intervalMs: number, onChange: () => void): () => void {
  let last = store.dataVersion();
  const timer = setInterval(() => {
    const current = store.dataVersion();
    if (current === last) return;
    last = current;
    onChange();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
