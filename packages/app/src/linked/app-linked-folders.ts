import type { Store } from '@client/store';
import type { AppEvents } from '../runtime/app-events.js';
import { type LinkedFolders, startLinkedFolders } from './linked-folders.js';

/**
 * The linked folders as the app runs them: a change read from disk is announced on the app's events (the window
 * refreshes), and whatever wrote to the store — the window, an agent's import, another process — is written back.
 */
export function startAppLinkedFolders(store: Store, events: AppEvents, log?: (line: string) => void): LinkedFolders {
  const linked = startLinkedFolders({
    store,
    onChange: (event) => events.emit('linked-files-changed', event),
    ...(log === undefined ? {} : { log }),
  });
  const unsubscribe = (['window-wrote', 'endpoint-imported', 'projects-changed'] as const).map((name) =>
    events.on(name, () => linked.scheduleWrite()),
  );
  return {
    ...linked,
    async close() {
      for (const stop of unsubscribe) stop();
      await linked.close();
    },
  };
}
