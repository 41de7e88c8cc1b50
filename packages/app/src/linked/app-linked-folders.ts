import type { Store } from '@client/store';
import type { AppEvents } from '../runtime/app-events.js';
import { type LinkedFolders, startLinkedFolders } from './linked-folders.js';
import { writtenContent } from './window-writes.js';

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
  const unsubscribe = [
    ...(['endpoint-imported', 'projects-changed'] as const).map((name) =>
      events.on(name, () => linked.scheduleWrite()),
    ),
    // A Send's History entry, the window's tabs and the like are not in any file: nothing is rendered for them.
    events.on('window-wrote', (write) => {
      const content = writtenContent(write);
      if (content.kind === 'endpoint') linked.scheduleWrite([content.endpointId]);
      else if (content.kind === 'any') linked.scheduleWrite();
    }),
  ];
  return {
    ...linked,
    async close() {
      for (const stop of unsubscribe) stop();
      await linked.close();
    },
  };
}
