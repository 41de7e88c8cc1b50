import { useCallback, useState } from 'react';
import type { ToastApi } from '../components/toasts.js';
import { useAppEvent } from './app-events.js';
import type { ProjectData } from './use-project-data.js';

/** How long a freshly imported endpoint stays highlighted in the sidebar. */
const FRESH_MS = 4000;

/**
 * Follows the app's events for the open project: an import reloads the tree, highlights the new endpoint for a
 * moment and, from an agent, says so; a send (an agent's, live) reloads History; any other change to the data
 * reloads the project. Returns the highlighted ids.
 */
export function useFreshImports(projectId: string, data: ProjectData, toasts: ToastApi): ReadonlySet<string> {
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const markFresh = useCallback((endpointId: string) => {
    setFresh((current) => new Set([...current, endpointId]));
    setTimeout(() => setFresh((current) => new Set([...current].filter((id) => id !== endpointId))), FRESH_MS);
  }, []);

  useAppEvent((event) => {
    if (event.type === 'endpoint-imported') {
      // Only the open project reacts; imports into other projects stay silent here.
      if (event.projectId !== projectId) return;
      void data.reloadTree();
      markFresh(event.endpointId);
      if (event.source === 'agent') toasts.show(`Imported ${event.name} from an agent`, { tone: 'agent' });
    } else if (event.type === 'history-added') {
      if (event.projectId !== projectId) return;
      void data.reloadHistory();
      if (event.sentBy === 'agent') toasts.show('An agent sent a request; it is in History', { tone: 'agent' });
    } else if (event.type === 'projects-changed') {
      void data.reloadDetail();
      void data.reloadTree();
    }
  });
  return fresh;
}
