import type { Endpoint, EndpointExample } from '@client/core';
import { useSyncExternalStore } from 'react';
import type { ResponseState } from '../components/response-panel.js';
import { type EditorDraft, isDraftChanged, toEditorDraft } from '../lib/draft.js';
import { moveWebSocketSession } from './use-websocket-session.js';

export interface EditorTab {
  endpointId: string;
  saved: EditorDraft;
  current: EditorDraft;
  response: ResponseState;
  /** The id of the request in flight, used to cancel it. */
  requestId: string | null;
  saving: boolean;
  /** A request not saved yet: its id is the tab's own until the first save creates the endpoint. */
  isNew?: true;
}

export interface TabsState {
  tabs: EditorTab[];
  activeId: string | null;
}

/**
 * The open editor tabs of one project. They outlive the workspace view, so leaving a project and
 * coming back keeps unsaved edits, and a response that arrives meanwhile is not lost.
 */
export class EditorTabs {
  private state: TabsState = { tabs: [], activeId: null };
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly snapshot = () => this.state;

  private set(next: TabsState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  tab(endpointId: string): EditorTab | undefined {
    return this.state.tabs.find((tab) => tab.endpointId === endpointId);
  }

  /** Opens an endpoint, or focuses its tab when it is already open (keeping its edits). */
  open(endpoint: Endpoint) {
    if (this.tab(endpoint.id) !== undefined) {
      this.set({ ...this.state, activeId: endpoint.id });
      return;
    }
    const draft = toEditorDraft(endpoint);
    const tab: EditorTab = {
      endpointId: endpoint.id,
      saved: draft,
      current: draft,
      response: { kind: 'idle' },
      requestId: null,
      saving: false,
    };
    this.set({ tabs: [...this.state.tabs, tab], activeId: endpoint.id });
  }

  /** Opens a tab for a request that exists only here until it is saved; resolves to the tab's id. */
  openNew(draft: EditorDraft, id = `new-${crypto.randomUUID()}`): string {
    const tab: EditorTab = {
      endpointId: id,
      saved: draft,
      current: draft,
      response: { kind: 'idle' },
      requestId: null,
      saving: false,
      isNew: true,
    };
    this.set({ tabs: [...this.state.tabs, tab], activeId: id });
    return id;
  }

  /** A reopened tab gets back the edits it had when the last window closed. */
  restoreDraft(endpointId: string, draft: EditorDraft) {
    this.update(endpointId, (tab) => ({ ...tab, current: draft }));
  }

  /** The first save created the endpoint: the tab takes its id and becomes an ordinary one. */
  created(tabId: string, endpoint: Endpoint) {
    const saved = toEditorDraft(endpoint);
    moveWebSocketSession(tabId, endpoint.id);
    this.set({
      tabs: this.state.tabs.map((tab) =>
        tab.endpointId === tabId
          ? {
              endpointId: endpoint.id,
              saved,
              current: saved,
              response: tab.response,
              requestId: tab.requestId,
              saving: false,
            }
          : tab,
      ),
      activeId: this.state.activeId === tabId ? endpoint.id : this.state.activeId,
    });
  }

  activate(endpointId: string | null) {
    this.set({ ...this.state, activeId: endpointId });
  }

  update(endpointId: string, change: (tab: EditorTab) => EditorTab) {
    this.set({
      ...this.state,
      tabs: this.state.tabs.map((tab) => (tab.endpointId === endpointId ? change(tab) : tab)),
    });
  }

  /** After a save, or a rename or move made in the sidebar: the stored version moves, edits stay. */
  markSaved(endpoint: Endpoint, fields: 'all' | 'name-and-folder') {
    this.update(endpoint.id, (tab) => {
      if (fields === 'all') {
        const saved = toEditorDraft(endpoint);
        return { ...tab, saved, current: saved, saving: false };
      }
      const place = { name: endpoint.name, folderId: endpoint.folderId };
      return { ...tab, saved: { ...tab.saved, ...place }, current: { ...tab.current, ...place } };
    });
  }

  /** A response was kept as an example of the endpoint: the stored examples move, and the edited ones gain it. */
  exampleAdded(endpoint: Endpoint, example: EndpointExample) {
    this.update(endpoint.id, (tab) => {
      const { examples: _saved, ...saved } = tab.saved;
      return {
        ...tab,
        saved: endpoint.examples === undefined ? saved : { ...saved, examples: structuredClone(endpoint.examples) },
        current: { ...tab.current, examples: [...(tab.current.examples ?? []), example] },
      };
    });
  }

  close(endpointId: string) {
    const index = this.state.tabs.findIndex((tab) => tab.endpointId === endpointId);
    if (index === -1) return;
    const tabs = this.state.tabs.filter((tab) => tab.endpointId !== endpointId);
    const activeId =
      this.state.activeId === endpointId
        ? (tabs[Math.min(index, tabs.length - 1)]?.endpointId ?? null)
        : this.state.activeId;
    this.set({ tabs, activeId });
  }

  /** Closes tabs whose endpoint no longer exists (deleted here, with its folder, or elsewhere). */
  keepOnly(exists: (endpointId: string) => boolean) {
    for (const tab of this.state.tabs) if (tab.isNew !== true && !exists(tab.endpointId)) this.close(tab.endpointId);
  }

  unsavedIds(): Set<string> {
    return new Set(
      this.state.tabs.filter((tab) => isDraftChanged(tab.saved, tab.current)).map((tab) => tab.endpointId),
    );
  }
}

const perProject = new Map<string, EditorTabs>();

export function editorTabsFor(projectId: string): EditorTabs {
  let tabs = perProject.get(projectId);
  if (tabs === undefined) {
    tabs = new EditorTabs();
    perProject.set(projectId, tabs);
  }
  return tabs;
}

export function useEditorTabs(tabs: EditorTabs): TabsState {
  return useSyncExternalStore(tabs.subscribe, tabs.snapshot);
}

/** Whether any project has edits that would be lost by closing the window. */
export function hasUnsavedEdits(): boolean {
  for (const tabs of perProject.values()) if (tabs.unsavedIds().size > 0) return true;
  return false;
}
