import type { AppEvent } from './types.js';
import { windowToken } from './window-token.js';

export type ConnectionState = 'connecting' | 'open' | 'closed';

/**
 * Listens to the app's event stream. EventSource reconnects by itself after the app restarts or the
 * machine sleeps; `onState` lets the UI say when live updates are paused.
 */
export function subscribeToAppEvents(
  onEvent: (event: AppEvent) => void,
  onState: (state: ConnectionState) => void,
): () => void {
  // EventSource sends no headers: the window's token goes in the query, over loopback, to the UI's own port.
  const source = new EventSource(`/api/events?window=${encodeURIComponent(windowToken())}`);
  const forward = (type: AppEvent['type']) => (message: MessageEvent<string>) => {
    const data = JSON.parse(message.data) as Record<string, unknown>;
    onEvent({ ...data, type } as AppEvent);
  };
  source.addEventListener('endpoint-imported', forward('endpoint-imported'));
  source.addEventListener('projects-changed', forward('projects-changed'));
  source.addEventListener('open', () => onState('open'));
  source.addEventListener('error', () => onState(source.readyState === EventSource.CLOSED ? 'closed' : 'connecting'));
  return () => source.close();
}
