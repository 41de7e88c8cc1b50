import type { EndpointImportedEvent } from '@client/control-plane';
import type { LinkedFilesChanged } from '../linked/linked-folders.js';
import type { WindowWrite } from '../linked/window-writes.js';

/** Events the runtime announces to in-process subscribers (the UI server relays them to the window). */
export interface AppEventMap {
  /** After an import committed, whoever asked for it: an agent over the control plane or the UI. */
  'endpoint-imported': EndpointImportedEvent;
  /** Another process (such as `client project create`) committed to the database; lists may be stale. */
  'projects-changed': { dataVersion: number };
  /** A linked project's files changed on disk (an editor, git, an agent) and the store now says what they say. */
  'linked-files-changed': LinkedFilesChanged;
  /** A write route of the window succeeded: what it saved goes to a linked project's files. */
  'window-wrote': WindowWrite;
}

export type AppEventName = keyof AppEventMap;
export type AppEventListener<K extends AppEventName> = (payload: AppEventMap[K]) => void;

export interface AppEvents {
  /** Subscribes; returns the function that unsubscribes. */
  on<K extends AppEventName>(name: K, listener: AppEventListener<K>): () => void;
  emit<K extends AppEventName>(name: K, payload: AppEventMap[K]): void;
}

/**
 * A typed in-process event bus. A listener that throws is reported to `onListenerError` and does not
 * stop the other listeners, nor reach the emitter: an import has committed by the time it is announced
 * and must still be acknowledged.
 */
export function createAppEvents(onListenerError: (error: unknown, name: AppEventName) => void): AppEvents {
  const listeners = new Map<AppEventName, Set<(payload: never) => void>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (set === undefined) {
        set = new Set();
        listeners.set(name, set);
      }
      const entry = listener as (payload: never) => void;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          (listener as AppEventListener<typeof name>)(payload);
        } catch (error) {
          onListenerError(error, name);
        }
      }
    },
  };
}
