import type { MockInfo, MockLogEntry } from '@client/core';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../lib/message-of.js';
import { withLogEntries } from '../lib/mock-start.js';
import { useAppEvent } from './app-events.js';

export interface MocksState {
  /** The running mocks, oldest first; null while loading. */
  mocks: MockInfo[] | null;
  /** Each running mock's newest answered requests, oldest first. */
  logs: ReadonlyMap<string, readonly MockLogEntry[]>;
  error: string | null;
}

/**
 * The app's running mocks and their logs, kept current by the app's events: a mock started (here, by `client mock`
 * or by an agent) or stopped, and the requests they answer. A reconnected event stream loads them again.
 */
export function useMocks(): MocksState & { reload: () => Promise<void> } {
  const [state, setState] = useState<MocksState>({ mocks: null, logs: new Map(), error: null });
  const reload = useCallback(async () => {
    try {
      const mocks = await api.listMocks();
      const logs = await Promise.all(mocks.map((mock) => api.mockLog(mock.id).catch(() => [])));
      setState({ mocks, logs: new Map(mocks.map((mock, index) => [mock.id, logs[index] ?? []])), error: null });
    } catch (caught) {
      setState((current) => ({ ...current, error: messageOf(caught) }));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  useAppEvent((event) => {
    if (event.type === 'projects-changed') void reload();
    else if (event.type === 'mock-started') {
      setState((current) => ({
        ...current,
        mocks: [...(current.mocks ?? []).filter((mock) => mock.id !== event.mock.id), event.mock],
      }));
    } else if (event.type === 'mock-stopped') {
      setState((current) => {
        const logs = new Map(current.logs);
        logs.delete(event.mock.id);
        return { ...current, logs, mocks: (current.mocks ?? []).filter((mock) => mock.id !== event.mock.id) };
      });
    } else if (event.type === 'mock-requests') {
      setState((current) => ({ ...current, logs: withLogEntries(current.logs, event.entries) }));
    }
  });
  return { ...state, reload };
}
