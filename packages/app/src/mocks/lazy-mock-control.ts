import { AppError } from '@client/core';
import type { MockControl, MockEvent } from './mock-control.js';

/**
 * A `MockControl` whose implementation is loaded on the first start: a mock validates with Ajv and generates bodies
 * with json-schema-faker, whose loading an app start that runs no mock should not pay for (`cold-start` in
 * bench/README.md). Until then there is nothing running to list, log or stop; listeners subscribed before the load
 * hear every event after it.
 */
export function lazyMockControl(load: () => Promise<MockControl>): MockControl {
  let loaded: MockControl | null = null;
  let loading: Promise<MockControl> | null = null;
  const listeners = new Set<(event: MockEvent) => void>();
  const relay = (event: MockEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const control = (): Promise<MockControl> => {
    loading ??= load().then((made) => {
      loaded = made;
      made.onEvent(relay);
      return made;
    });
    return loading;
  };
  return {
    start: async (options) => (await control()).start(options),
    async stop(id) {
      if (loaded === null) throw new AppError('NOT_FOUND', `no mock ${id} is running; none was started`);
      return loaded.stop(id);
    },
    list: () => loaded?.list() ?? [],
    log(id) {
      if (loaded === null) throw new AppError('NOT_FOUND', `no mock ${id} is running; none was started`);
      return loaded.log(id);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    // A start still loading when the app stops is waited for, so that its mock is stopped too.
    stopAll: async () => (loading === null ? undefined : (await loading).stopAll()),
  };
}
