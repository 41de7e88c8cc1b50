import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../api/client.js';
import type { LinkView } from '../api/types.js';
import type { ToastApi } from '../components/toasts.js';
import { isDraftChanged, toEditorDraft } from '../lib/draft.js';
import { useAppEvent } from './app-events.js';
import type { EditorTabs } from './editor-tabs.js';
import type { ProjectData } from './use-project-data.js';

/** A request whose file changed on disk while its tab held unsaved edits. */
interface FileConflict {
  endpointId: string;
  name: string;
}

export interface LinkedFolder {
  /** Null until the first answer. */
  link: LinkView | null;
  /** Endpoints whose file differs from the last commit. */
  changedIds: ReadonlySet<string>;
  /** The first conflict waiting for an answer; the others follow it. */
  conflict: FileConflict | null;
  keepMine(): void;
  takeTheFiles(): Promise<void>;
  reload(): Promise<void>;
}

/**
 * Follows a linked project's folder: the link status (branch, changed files, problems) and each change read from
 * disk. An open tab without edits takes the file's version at once; one with edits asks which to keep.
 */
export function useLinkedFolder(
  projectId: string,
  tabs: EditorTabs,
  data: Pick<ProjectData, 'reloadTree' | 'patchEndpoints'>,
  toasts: ToastApi,
): LinkedFolder {
  const [link, setLink] = useState<LinkView | null>(null);
  const [conflicts, setConflicts] = useState<FileConflict[]>([]);

  const reload = useCallback(async () => {
    try {
      setLink(await api.linkStatus(projectId));
    } catch {
      // The status line is a hint: it stays as it was, and the next change asks again.
    }
  }, [projectId]);

  useEffect(() => {
    setLink(null);
    setConflicts([]);
    void reload();
  }, [reload]);

  const follow = useCallback(
    async (endpointId: string) => {
      const tab = tabs.tab(endpointId);
      if (tab === undefined || tab.isNew === true) return;
      const fromDisk = await api.getEndpoint(endpointId).catch(() => null);
      if (fromDisk === null) return;
      const draft = toEditorDraft(fromDisk);
      // The app's own save coming back from the folder is no news.
      if (!isDraftChanged(tab.saved, draft)) return;
      const current = tabs.tab(endpointId);
      if (current === undefined) return;
      if (isDraftChanged(current.saved, current.current)) {
        setConflicts((queue) =>
          queue.some((conflict) => conflict.endpointId === endpointId)
            ? queue
            : [...queue, { endpointId, name: fromDisk.name }],
        );
      } else {
        tabs.markSaved(fromDisk, 'all');
      }
    },
    [tabs],
  );

  useAppEvent((event) => {
    if (event.type === 'linked-files-changed' && event.projectId === projectId) {
      // What the event says is drawn at once; the tree asked for again brings moves, additions and deletions. The
      // status line follows when the app says git has answered.
      const drafts = new Map(event.changedEndpoints.map(({ endpointId, draft }) => [endpointId, draft]));
      if (drafts.size > 0) {
        data.patchEndpoints((endpoint) => {
          const draft = drafts.get(endpoint.id);
          return draft === undefined
            ? endpoint
            : { ...endpoint, name: draft.name, method: draft.method, path: draft.path, state: draft.state };
        });
      }
      // A request deleted on disk while its tab held edits: the edits stay, as a request not saved yet.
      for (const endpointId of event.deletedEndpoints) {
        const tab = tabs.tab(endpointId);
        if (tab === undefined || !isDraftChanged(tab.saved, tab.current)) continue;
        tabs.close(endpointId);
        tabs.openNew(tab.current);
        setConflicts((queue) => queue.filter((conflict) => conflict.endpointId !== endpointId));
        toasts.show(`${tab.current.name} was deleted on disk`, {
          tone: 'warning',
          detail: 'Your edits are kept in a new request; save it to write it back.',
        });
      }
      void data.reloadTree();
      for (const { endpointId } of event.changedEndpoints) void follow(endpointId);
    } else if (event.type === 'link-status-changed' && event.projectId === projectId) {
      void reload();
    } else if (event.type === 'projects-changed') {
      void reload();
    }
  });

  const conflict = conflicts[0] ?? null;
  const settle = useCallback((endpointId: string) => {
    setConflicts((queue) => queue.filter((entry) => entry.endpointId !== endpointId));
  }, []);

  const keepMine = useCallback(() => {
    if (conflict === null) return;
    // The edits stay unsaved; what they are compared with is now the file's version, so Save writes them over it.
    void api.getEndpoint(conflict.endpointId).then((fromDisk) => {
      tabs.update(conflict.endpointId, (tab) => ({ ...tab, saved: toEditorDraft(fromDisk) }));
    });
    settle(conflict.endpointId);
  }, [conflict, settle, tabs]);

  const takeTheFiles = useCallback(async () => {
    if (conflict === null) return;
    tabs.markSaved(await api.getEndpoint(conflict.endpointId), 'all');
    settle(conflict.endpointId);
  }, [conflict, settle, tabs]);

  const changedIds = useMemo(() => new Set(link?.linked ? link.changedEndpointIds : []), [link]);
  return { link, changedIds, conflict, keepMine, takeTheFiles, reload };
}
