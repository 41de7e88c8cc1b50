import type { AppEvent } from './types.js';
import { windowToken } from './window-token.js';

/** `connecting`: the first connection, not open yet; `reconnecting`: lost, being connected again. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/**
 * Listens to the app's event stream. EventSource reconnects by itself after the app restarts or the
 * machine sleeps; `onState` lets the UI say when live updates are paused, and each (re)connection counts as a
 * change, so a page that loaded its lists before the stream was open does not miss one.
 */
export function subscribeToAppEvents(
  onEvent: (event: AppEvent) => void,
  onState: (state: ConnectionState) => void,
): () => void {
  // EventSource sends no headers: the window's token goes in the query, over loopback, to the UI's own port.
  const source = new EventSource(`/api/events?window=${encodeURIComponent(windowToken())}`);
  const forward = (type: AppEvent['type']) => (message: MessageEvent<string>) => {
    const data = JSON.parse(message.data) as Record<string, unknown>;
    // A run's event has a `type` of its own (started, sending, …): it travels whole.
    onEvent((type === 'run-event' ? { type, event: data } : { ...data, type }) as AppEvent);
  };
  const types: AppEvent['type'][] = [
    'endpoint-imported',
    'projects-changed',
    'linked-files-changed',
    'link-status-changed',
    'agent-send-requested',
    'agent-send-settled',
    'agent-permissions-changed',
    'history-added',
    'run-event',
    'load-progress',
    'load-finished',
    'mock-started',
    'mock-stopped',
    'mock-requests',
    'mcp-session-ended',
    'websocket',
  ];
  for (const type of types) source.addEventListener(type, forward(type));
  source.addEventListener('open', () => {
    onState('open');
    // Whatever changed before the stream was (re)connected was not announced to this page: catch up as if told.
    onEvent({ type: 'projects-changed' });
  });
  source.addEventListener('error', () => onState(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting'));
  return () => source.close();
}
