import { useState } from 'react';
import { api } from '../api/client.js';
import type { TreeActions, TreeItemRef } from '../components/sidebar-tree.js';
import { newEndpointDraft, newMcpDraft, newWebSocketDraft } from '../lib/draft.js';
import type { EditorTabs } from './editor-tabs.js';

/** Runs an action; a failure is shown to the person under `failure`. */
export type Act = (failure: string, action: () => Promise<unknown>) => Promise<void>;

interface TreeActionOptions {
  projectId: string;
  tabs: EditorTabs;
  act: Act;
  reloadTree: () => Promise<unknown>;
  openEndpoint: (endpointId: string) => void;
  copyCurl: (endpointId: string) => void;
  /** A request was created from the tree: its tab opens with the name selected for typing. */
  onCreated: (endpointId: string) => void;
  showDeleted: (name: string) => void;
}

function without(set: ReadonlySet<string>, id: string): Set<string> {
  return new Set([...set].filter((member) => member !== id));
}

/**
 * What the sidebar tree can do, with the state its actions pass through: folders folded, the row being renamed,
 * the item being moved or deleted (each waiting for a dialog's answer).
 */
export function useTreeActions(options: TreeActionOptions) {
  const { projectId, tabs, act, reloadTree } = options;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<TreeItemRef | null>(null);
  const [moving, setMoving] = useState<TreeItemRef | null>(null);
  const [deleting, setDeleting] = useState<TreeItemRef | null>(null);

  const actions: TreeActions = {
    openEndpoint: options.openEndpoint,
    newRequest: (folderId) => {
      // Saved on its first Save; until then it lives in its tab only.
      if (folderId !== null) setCollapsed((current) => without(current, folderId));
      options.onCreated(tabs.openNew(newEndpointDraft(folderId)));
    },
    newMcpServer: (folderId) => {
      if (folderId !== null) setCollapsed((current) => without(current, folderId));
      options.onCreated(tabs.openNew(newMcpDraft(folderId)));
    },
    newWebSocket: (folderId) => {
      if (folderId !== null) setCollapsed((current) => without(current, folderId));
      options.onCreated(tabs.openNew(newWebSocketDraft(folderId)));
    },
    newFolder: (parentId) =>
      void act('Could not create the folder', async () => {
        const folder = await api.createFolder(projectId, { name: 'New folder', parentId });
        if (parentId !== null) setCollapsed((current) => without(current, parentId));
        await reloadTree();
        setRenaming({ kind: 'folder', id: folder.id, name: folder.name });
      }),
    startRename: setRenaming,
    cancelRename: () => setRenaming(null),
    rename: (item, name) => {
      setRenaming(null);
      void act('Could not rename', async () => {
        if (item.kind === 'folder') await api.updateFolder(item.id, { name });
        else tabs.markSaved(await api.updateEndpoint(item.id, { name }), 'name-and-folder');
        await reloadTree();
      });
    },
    startMove: setMoving,
    move: (item, folderId) => {
      setMoving(null);
      void act('Could not move', async () => {
        if (item.kind === 'folder') await api.updateFolder(item.id, { parentId: folderId });
        else tabs.markSaved(await api.updateEndpoint(item.id, { folderId }), 'name-and-folder');
        await reloadTree();
      });
    },
    startDelete: setDeleting,
    duplicate: (item) =>
      void act('Could not duplicate', async () => {
        if (item.kind === 'folder') {
          const folder = await api.duplicateFolder(item.id);
          await reloadTree();
          setRenaming({ kind: 'folder', id: folder.id, name: folder.name });
        } else {
          const endpoint = await api.duplicateEndpoint(item.id);
          await reloadTree();
          options.openEndpoint(endpoint.id);
        }
      }),
    copyCurl: options.copyCurl,
    toggleFolder: (folderId) =>
      setCollapsed((current) => (current.has(folderId) ? without(current, folderId) : new Set([...current, folderId]))),
  };

  const confirmDelete = (item: TreeItemRef) => {
    setDeleting(null);
    void act('Could not delete', async () => {
      if (item.kind === 'folder') await api.deleteFolder(item.id);
      else await api.deleteEndpoint(item.id);
      await reloadTree();
      options.showDeleted(item.name);
    });
  };

  return {
    actions,
    collapsed,
    renaming,
    moving,
    deleting,
    cancelMove: () => setMoving(null),
    cancelDelete: () => setDeleting(null),
    confirmDelete,
  };
}
