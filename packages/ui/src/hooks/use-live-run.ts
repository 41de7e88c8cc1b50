import type { RunEvent, StoredRun } from '@client/core';
import { useCallback, useRef, useState } from 'react';
import { api } from '../api/client.js';
import type { RunRequest } from '../api/types.js';
import { applyRunEvent, type LiveRun, liveRunFromStored, liveRunOf, runIdOf } from '../lib/live-run.js';
import { useAppEvent } from './app-events.js';

/** The kept result replaces what the events built, keeping the order of the requests the run announced. */
function settled(current: LiveRun | null, stored: StoredRun): LiveRun {
  const kept = liveRunFromStored(stored);
  return current !== null && current.summary.id === stored.summary.id ? { ...kept, items: current.items } : kept;
}

/**
 * The run the runner view shows: one it starts, or a kept one it reopens (still running or not). The app's events
 * move it along; events that come while the start or the reopening is being answered wait and are applied after,
 * and once it finishes its kept result is read.
 */
export function useLiveRun() {
  const [run, setRun] = useState<LiveRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<LiveRun | null>(null);
  current.current = run;
  const waiting = useRef<RunEvent[] | null>(null);

  const show = useCallback((next: LiveRun | null) => {
    current.current = next;
    setRun(next);
  }, []);

  const readResult = useCallback(
    (runId: string) =>
      api.getRun(runId).then(
        (stored) => {
          if (current.current?.summary.id === runId) show(settled(current.current, stored));
        },
        (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
      ),
    [show],
  );

  useAppEvent((event) => {
    if (event.type !== 'run-event') return;
    if (waiting.current !== null) {
      waiting.current.push(event.event);
      return;
    }
    const shown = current.current;
    if (shown === null || runIdOf(event.event) !== shown.summary.id) return;
    show(applyRunEvent(shown, event.event));
    if (event.event.type === 'finished') void readResult(shown.summary.id);
  });

  /** Applies what came while waiting for `first`, and reads the result if the run ended meanwhile. */
  const begin = useCallback(
    (first: LiveRun) => {
      const queued = waiting.current ?? [];
      waiting.current = null;
      const next = queued.reduce(applyRunEvent, first);
      show(next);
      if (next.summary.status !== 'running') void readResult(next.summary.id);
    },
    [show, readResult],
  );

  const start = useCallback(
    async (request: RunRequest) => {
      setError(null);
      waiting.current = [];
      try {
        begin(liveRunOf(await api.startRun(request)));
      } catch (caught) {
        waiting.current = null;
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    },
    [begin],
  );

  const open = useCallback(
    async (runId: string) => {
      setError(null);
      waiting.current = [];
      try {
        const stored = await api.getRun(runId);
        const queued = waiting.current ?? [];
        waiting.current = null;
        const next = queued.reduce(applyRunEvent, liveRunFromStored(stored));
        show(next);
        // Finished while it was being read: the kept result is whole now.
        if (stored.summary.status === 'running' && next.summary.status !== 'running') void readResult(runId);
      } catch (caught) {
        waiting.current = null;
        show(null);
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    },
    [show, readResult],
  );

  const cancel = useCallback(async () => {
    const shown = current.current;
    if (shown === null) return;
    try {
      await api.cancelRun(shown.summary.id);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, []);

  const clear = useCallback(() => {
    setError(null);
    show(null);
  }, [show]);

  return { run, error, start, open, cancel, clear };
}
