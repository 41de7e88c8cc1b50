import { AsyncLocalStorage } from 'node:async_hooks';

import type { DatasourceTarget } from './datasource-target.js';

const override = new AsyncLocalStorage<DatasourceTarget>();

/**
 * Runs `work` with its queries sent to `target` instead of where their kind sends them, through every `await`
 * of the call chain. `'primary'` reads what was just written (replicas lag behind); `'replica'` sends raw SQL
 * reads to a replica. A write, or a transaction, on a replica is refused with a `DatasourceRoutingError`.
 * Without read-write splitting there is only one datasource and the override changes nothing.
 */
export function onDatasource<T>(target: DatasourceTarget, work: () => Promise<T>): Promise<T> {
  return override.run(target, work);
}

/** The target `onDatasource` set for the current call chain, if any. */
export function datasourceOverride(): DatasourceTarget | undefined {
  return override.getStore();
}
