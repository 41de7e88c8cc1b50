import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client.js';
import type { Layout } from '../api/types.js';
import { useToasts } from '../components/toasts.js';
import { messageOf } from '../lib/message-of.js';

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
  const toasts = useToasts();
  const onFailure = useCallback(
    (caught: unknown) => toasts.show('Could not keep the layout', { tone: 'error', detail: messageOf(caught) }),
    [toasts],
  );
  useEffect(() => {
    if (requested) return;
    requested = true;
    api.getPreferences().then(
      (preferences) => set({ ...preferences.layout, ...unsaved }),
      (caught: unknown) => {
        requested = false;
        onFailure(caught);
      },
    );
  }, [onFailure]);
  const change = useCallback(
    (next: Partial<Layout>) => {
      set({ ...layout, ...next });
      unsaved = { ...unsaved, ...next };
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => {
        const saving = unsaved;
        unsaved = {};
        api.setPreferences({ layout: saving }).catch(onFailure);
      }, SAVE_AFTER_MS);
    },
    [onFailure],
  );
  return { layout: current, change };
}
