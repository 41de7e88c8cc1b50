import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client.js';
import type { Layout } from '../api/types.js';

/** Until the app answers, the workspace is drawn as a fresh install has it. */
const DEFAULT_LAYOUT: Layout = { sidebarWidth: 290, sidebarCollapsed: false, split: 'auto', requestShare: 50 };

/** A drag moves a separator many times a second; the app keeps where it stopped, this long after the last move. */
const SAVE_AFTER_MS = 200;

let layout = DEFAULT_LAYOUT;
/** Whether the app was asked for the layout (once for the page, again only after a failure). */
let requested = false;
let unsaved: Partial<Layout> = {};
let saveTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const failureListeners = new Set<(caught: unknown) => void>();

function fail(caught: unknown): void {
  for (const listener of failureListeners) listener(caught);
}

function set(next: Layout): void {
  layout = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The window's layout (sidebar width and whether it is shown, the editor's split and its orientation), read from
 * the app once and kept there after each change, so a reload or a restart finds it as it was left. One module
 * holds it, so every part of the window that changes it sees the others' changes.
 */
export function useLayout(): { layout: Layout; change: (change: Partial<Layout>) => void } {
  const current = useSyncExternalStore(subscribe, () => layout);
  useEffect(() => {
    if (requested) return;
    requested = true;
    api.getPreferences().then(
      (preferences) => set({ ...preferences.layout, ...unsaved }),
      (caught: unknown) => {
        requested = false;
        fail(caught);
      },
    );
  }, []);
  const change = useCallback((next: Partial<Layout>) => {
    set({ ...layout, ...next });
    unsaved = { ...unsaved, ...next };
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      const saving = unsaved;
      unsaved = {};
      api.setPreferences({ layout: saving }).catch(fail);
    }, SAVE_AFTER_MS);
  }, []);
  return { layout: current, change };
}

/** Tells `onFailure` when the layout could not be read or kept (the window still follows every change). */
export function useLayoutFailures(onFailure: (caught: unknown) => void): void {
  useEffect(() => {
    failureListeners.add(onFailure);
    return () => {
      failureListeners.delete(onFailure);
    };
  }, [onFailure]);
}
