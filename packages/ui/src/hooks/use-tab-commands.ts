import type { UploadConsent } from '@client/core';
import { useState } from 'react';
import type { ToastApi } from '../components/toasts.js';
import { messageOf } from '../lib/message-of.js';
import type { EditorTab, EditorTabs } from './editor-tabs.js';
import { cancelTab, saveTab, sendTab } from './tab-requests.js';

interface TabCommandOptions {
  projectId: string;
  tabs: EditorTabs;
  activeTab: EditorTab | null;
  unsavedIds: ReadonlySet<string>;
  environmentId: string | null;
  askUpload: (consent: UploadConsent) => Promise<boolean>;
  reloadTree: () => Promise<unknown>;
  reloadHistory: () => Promise<unknown>;
  toasts: ToastApi;
}

/** Save, Send and Cancel for the active tab, and closing a tab (asking first when it has unsaved edits). */
export function useTabCommands(options: TabCommandOptions) {
  const { tabs, activeTab, toasts } = options;
  const [closingTab, setClosingTab] = useState<string | null>(null);
  return {
    closingTab,
    save: () => {
      if (activeTab === null) return;
      void saveTab(tabs, activeTab.endpointId, options.projectId).then(
        () => options.reloadTree(),
        (caught: unknown) => toasts.show('Could not save', { tone: 'error', detail: messageOf(caught) }),
      );
    },
    send: () => {
      if (activeTab === null) return;
      const target = { projectId: options.projectId, environmentId: options.environmentId };
      void sendTab(tabs, activeTab.endpointId, target, options.askUpload).then(() => options.reloadHistory());
    },
    cancel: () => {
      if (activeTab !== null) cancelTab(tabs, activeTab.endpointId);
    },
    close: (endpointId: string) => {
      if (options.unsavedIds.has(endpointId)) setClosingTab(endpointId);
      else tabs.close(endpointId);
    },
    discard: (endpointId: string) => {
      tabs.close(endpointId);
      setClosingTab(null);
    },
    keep: () => setClosingTab(null),
  };
}
