import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { EndpointSummary, EnvironmentsView, HistoryItem, ProjectDetail, ProjectTree } from '../api/types.js';

export interface ProjectData {
  detail: ProjectDetail | null;
  tree: ProjectTree | null;
  environments: EnvironmentsView | null;
  history: HistoryItem[];
  /** Set when the project could not be loaded (deleted elsewhere, app stopped). */
  error: string | null;
  reloadTree(): Promise<ProjectTree | null>;
  /** Draws a change to some endpoints already known at once, before the tree is asked for again. */
  patchEndpoints(change: (endpoint: EndpointSummary) => EndpointSummary): void;
  reloadDetail(): Promise<void>;
  reloadEnvironments(): Promise<void>;
  reloadHistory(): Promise<void>;
  reloadAll(): Promise<void>;
}

/** Everything the workspace shows about one project, each part reloadable on its own. */
export function useProjectData(projectId: string): ProjectData {
  const [detail, setDetail] = useState<ProjectDetail | null>(null);
  const [tree, setTree] = useState<ProjectTree | null>(null);
  const [environments, setEnvironments] = useState<EnvironmentsView | null>(null);
  const [history, setHistory] = useState<HistoryItem[]>([]);
  const [error, setError] = useState<string | null>(null);

  const guard = useCallback(async <T>(load: () => Promise<T>): Promise<T | null> => {
    try {
      return await load();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      return null;
    }
  }, []);

  const reloadTree = useCallback(async () => {
    const next = await guard(() => api.getTree(projectId));
    if (next !== null) setTree(next);
    return next;
  }, [guard, projectId]);
  const patchEndpoints = useCallback((change: (endpoint: EndpointSummary) => EndpointSummary) => {
    setTree((current) => (current === null ? current : { ...current, endpoints: current.endpoints.map(change) }));
  }, []);
  const reloadDetail = useCallback(async () => {
    const next = await guard(() => api.getProject(projectId));
    if (next !== null) setDetail(next);
  }, [guard, projectId]);
  const reloadEnvironments = useCallback(async () => {
    const next = await guard(() => api.getEnvironments(projectId));
    if (next !== null) setEnvironments(next);
  }, [guard, projectId]);
  const reloadHistory = useCallback(async () => {
    const next = await guard(() => api.listHistory(projectId));
    if (next !== null) setHistory(next);
  }, [guard, projectId]);
  const reloadAll = useCallback(async () => {
    setError(null);
    // The tree is asked for last: the app answers in turn, so the small answers come back (and are drawn) while
    // the tree of a large project is still being read, rather than waiting behind it and being drawn after it.
    await Promise.all([reloadDetail(), reloadEnvironments(), reloadHistory(), reloadTree()]);
  }, [reloadDetail, reloadTree, reloadEnvironments, reloadHistory]);

  useEffect(() => {
    setDetail(null);
    setTree(null);
    setEnvironments(null);
    setHistory([]);
    void reloadAll();
  }, [reloadAll]);

  return {
    detail,
    tree,
    environments,
    history,
    error,
    reloadTree,
    patchEndpoints,
    reloadDetail,
    reloadEnvironments,
    reloadHistory,
    reloadAll,
  };
}
