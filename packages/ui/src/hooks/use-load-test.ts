import type { LoadProgress, LoadResult } from '@client/core';
import { useCallback, useRef, useState } from 'react';
import { api } from '../api/client.js';
import type { AppEvent, LoadRequest } from '../api/types.js';
import { useAppEvent } from './app-events.js';

export type LoadState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'running'; loadId: string; durationMs: number; progress: LoadProgress | null; stopping: boolean }
  | { kind: 'finished'; loadId: string; result: LoadResult }
  | { kind: 'failed'; message: string };

type LoadEvent = Extract<AppEvent, { type: 'load-progress' | 'load-finished' }>;

/** The state after one of the load's events. */
function applyLoadEvent(state: LoadState, event: LoadEvent): LoadState {
  if (state.kind !== 'running' || event.loadId !== state.loadId) return state;
  if (event.type === 'load-progress') return { ...state, progress: event.progress };
  if (event.result !== undefined) return { kind: 'finished', loadId: state.loadId, result: event.result };
  return { kind: 'failed', message: event.error?.message ?? 'The load test stopped without a result.' };
}

/** A load test started from the runner view, followed through the app's events until its result. */
export function useLoadTest() {
  const [state, setState] = useState<LoadState>({ kind: 'idle' });
  const current = useRef(state);
  current.current = state;
  const waiting = useRef<LoadEvent[] | null>(null);

  const show = useCallback((next: LoadState) => {
    current.current = next;
    setState(next);
  }, []);

  useAppEvent((event) => {
    if (event.type !== 'load-progress' && event.type !== 'load-finished') return;
    if (waiting.current !== null) waiting.current.push(event);
    else show(applyLoadEvent(current.current, event));
  });

  const start = useCallback(
    async (request: LoadRequest) => {
      show({ kind: 'starting' });
      waiting.current = [];
      try {
        const { loadId } = await api.startLoad(request);
        const queued = waiting.current ?? [];
        waiting.current = null;
        const running: LoadState = {
          kind: 'running',
          loadId,
          durationMs: request.durationMs,
          progress: null,
          stopping: false,
        };
        show(queued.reduce(applyLoadEvent, running));
      } catch (caught) {
        waiting.current = null;
        show({ kind: 'failed', message: caught instanceof Error ? caught.message : String(caught) });
      }
    },
    [show],
  );

  const stop = useCallback(async () => {
    const running = current.current;
    if (running.kind !== 'running') return;
    show({ ...running, stopping: true });
    try {
      await api.cancelLoad(running.loadId);
    } catch (caught) {
      show({ kind: 'failed', message: caught instanceof Error ? caught.message : String(caught) });
    }
  }, [show]);

  return { state, start, stop, reset: () => show({ kind: 'idle' }) };
}
