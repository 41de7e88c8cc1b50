import type { RunSummary } from '@client/core';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { useAppEvent } from './app-events.js';

/**
 * The project's kept runs, newest first, read while `shown` (the sidebar's Runs view is open) and again as runs
 * start and finish, whoever started them (the window, an agent, `client run`).
 */
export function useRunList(projectId: string, shown: boolean) {
  const [runs, setRuns] = useState<RunSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setRuns(await api.listRuns(projectId));
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, [projectId]);
  useEffect(() => {
    if (shown) void reload();
  }, [shown, reload]);
  useAppEvent((event) => {
    if (!shown || event.type !== 'run-event') return;
    const { event: step } = event;
    if ((step.type === 'started' || step.type === 'finished') && step.summary.projectId === projectId) void reload();
  });
  return { runs, error, reload };
}
