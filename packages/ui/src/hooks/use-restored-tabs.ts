import { useEffect } from 'react';
import { ApiError, api } from '../api/client.js';
import type { OpenTabsState } from '../api/types.js';
import { isDraftChanged } from '../lib/draft.js';
import type { EditorTabs } from './editor-tabs.js';

/** How long the tabs rest before what is open is written down; typing in a draft writes once it pauses. */
const SAVE_DELAY_MS = 400;

function stateOf(tabs: EditorTabs): OpenTabsState {
  const { tabs: open, activeId } = tabs.snapshot();
  return {
    activeId,
    tabs: open.map((tab) => ({
      endpointId: tab.endpointId,
      draft: tab.isNew === true || isDraftChanged(tab.saved, tab.current) ? tab.current : null,
    })),
  };
}

/** Opens what the last window had open: saved endpoints as they are now, with the edits they had. */
async function restore(projectId: string, tabs: EditorTabs): Promise<void> {
  const state = await api.getOpenTabs(projectId);
  for (const { endpointId, draft } of state.tabs) {
    if (endpointId.startsWith('new-')) {
      if (draft !== null) tabs.openNew(draft, endpointId);
      continue;
    }
    try {
      tabs.open(await api.getEndpoint(endpointId));
    } catch (caught) {
      // Deleted since: its tab is simply not reopened.
      if (caught instanceof ApiError && caught.code === 'NOT_FOUND') continue;
      throw caught;
    }
    if (draft !== null) tabs.restoreDraft(endpointId, draft);
  }
  if (state.activeId !== null && tabs.tab(state.activeId) !== undefined) tabs.activate(state.activeId);
}

/**
 * Keeps a project's open tabs, and their unsaved edits, across reloads and restarts: the first time a window
 * shows the project it reopens what was open, and from then on writes down what is open as it changes.
 */
export function useRestoredTabs(projectId: string, tabs: EditorTabs, onFailure: (caught: unknown) => void): void {
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let unsubscribe = () => {};
    // A reload or a closing window runs no cleanup: a write still waiting goes out as the page leaves.
    const onPageHide = () => {
      if (timer === null) return;
      clearTimeout(timer);
      timer = null;
      void api.setOpenTabs(projectId, stateOf(tabs), true).catch(() => undefined);
    };
    window.addEventListener('pagehide', onPageHide);
    const fresh = tabs.snapshot().tabs.length === 0;
    (fresh ? restore(projectId, tabs) : Promise.resolve()).catch(onFailure).finally(() => {
      if (stopped) return;
      unsubscribe = tabs.subscribe(() => {
        if (timer !== null) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          void api.setOpenTabs(projectId, stateOf(tabs)).catch(onFailure);
        }, SAVE_DELAY_MS);
      });
    });
    return () => {
      stopped = true;
      unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the project with a write still waiting: it is made now rather than lost.
      if (timer !== null) {
        clearTimeout(timer);
        void api.setOpenTabs(projectId, stateOf(tabs)).catch(onFailure);
      }
    };
  }, [projectId, tabs, onFailure]);
}
