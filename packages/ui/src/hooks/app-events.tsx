import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { type ConnectionState, subscribeToAppEvents } from '../api/events.js';
import type { AppEvent } from '../api/types.js';

type Listener = (event: AppEvent) => void;

interface AppEventsValue {
  listeners: Set<Listener>;
  connection: ConnectionState;
}

const AppEventsContext = createContext<AppEventsValue | null>(null);

/** One event stream for the whole page; components listen through `useAppEvent`. */
export function AppEventsProvider({ children }: { children: ReactNode }) {
  const [listeners] = useState(() => new Set<Listener>());
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  useEffect(
    () =>
      subscribeToAppEvents((event) => {
        for (const listener of listeners) listener(event);
      }, setConnection),
    [listeners],
  );
  return <AppEventsContext.Provider value={{ listeners, connection }}>{children}</AppEventsContext.Provider>;
}

function useAppEventsContext(): AppEventsValue {
  const value = useContext(AppEventsContext);
  if (value === null) throw new Error('useAppEvent must be used inside <AppEventsProvider>');
  return value;
}

export function useAppEvent(listener: Listener): void {
  const { listeners } = useAppEventsContext();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const forward: Listener = (event) => latest.current(event);
    listeners.add(forward);
    return () => {
      listeners.delete(forward);
    };
  }, [listeners]);
}

export function useEventConnection(): ConnectionState {
  return useAppEventsContext().connection;
}
