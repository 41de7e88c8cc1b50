import type {
  WebSocketConnectInput,
  WebSocketFrame,
  WebSocketOutgoing,
  WebSocketSessionState,
  WebSocketSessionUpdate,
  WebSocketSessionView,
} from '@client/core';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/client.js';
import { useAppEvent } from './app-events.js';

/** A tab's WebSocket connection as the window knows it. */
export interface SocketSnapshot {
  sessionId: string | null;
  state: WebSocketSessionState | 'idle';
  protocol: string;
  url: string;
  error?: string;
  closeCode?: number;
  closeReason?: string;
  /** Messages before the first one here that the app no longer holds. */
  dropped: number;
  frames: readonly WebSocketFrame[];
  /** The timeline shows the messages after this one: Clear hides what came before. */
  shownAfter: number;
}

const IDLE: SocketSnapshot = {
  sessionId: null,
  state: 'idle',
  protocol: '',
  url: '',
  dropped: 0,
  frames: [],
  shownAfter: 0,
};

/** Each tab's connection, kept while the page lives: switching tabs leaves the app's socket open and this with it. */
const kept = new Map<string, SocketSnapshot>();

/** A new tab's first save gave it the endpoint's id: its connection goes with it. */
export function moveWebSocketSession(fromKey: string, toKey: string): void {
  const snapshot = kept.get(fromKey);
  if (snapshot === undefined) return;
  kept.delete(fromKey);
  kept.set(toKey, snapshot);
}

type Status = Pick<SocketSnapshot, 'state' | 'protocol' | 'error' | 'closeCode' | 'closeReason'>;

function statusOf(update: WebSocketSessionUpdate | WebSocketSessionView): Status {
  return {
    state: update.state,
    protocol: update.protocol,
    ...(update.error === undefined ? {} : { error: update.error }),
    ...(update.closeCode === undefined ? {} : { closeCode: update.closeCode }),
    ...(update.closeReason === undefined ? {} : { closeReason: update.closeReason }),
  };
}

/**
 * The connection of the tab `key`: connect, send and close through the app, which holds the socket; what arrives
 * comes with the app's `websocket` events. A message missed (the tab was closed, the stream reconnected) is read
 * back from the app by its number.
 */
export function useWebSocketSession(key: string) {
  const [snapshot, setSnapshot] = useState<SocketSnapshot>(() => kept.get(key) ?? IDLE);
  const current = useRef(snapshot);
  const catchingUp = useRef(false);

  const publish = (next: SocketSnapshot) => {
    current.current = next;
    kept.set(key, next);
    setSnapshot(next);
  };

  const catchUp = async (sessionId: string) => {
    if (catchingUp.current) return;
    catchingUp.current = true;
    try {
      const view = await api.readWebSocket(sessionId, current.current.frames.at(-1)?.seq ?? 0);
      merge(sessionId, view.messages, statusOf(view));
    } finally {
      catchingUp.current = false;
    }
  };

  const merge = (sessionId: string, frames: readonly WebSocketFrame[], status?: Status) => {
    const base = current.current;
    if (base.sessionId !== sessionId) return;
    const last = base.frames.at(-1)?.seq ?? 0;
    const fresh = frames.filter((frame) => frame.seq > last);
    if (fresh.length > 0 && (fresh[0]?.seq ?? 0) > last + 1) {
      void catchUp(sessionId);
      return;
    }
    publish({ ...base, ...status, frames: fresh.length === 0 ? base.frames : base.frames.concat(fresh) });
  };

  useAppEvent((event) => {
    if (event.type !== 'websocket') return;
    merge(event.sessionId, event.messages, statusOf(event));
  });

  // A tab opened again reads what arrived while it was closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the snapshot the tab opened with
  useEffect(() => {
    const { sessionId, state } = current.current;
    if (sessionId !== null && state !== 'closed') void catchUp(sessionId);
  }, []);

  return {
    snapshot,
    async connect(input: WebSocketConnectInput) {
      publish({ ...IDLE, state: 'connecting' });
      try {
        const view = await api.connectWebSocket(input);
        publish({
          ...IDLE,
          sessionId: view.sessionId,
          url: view.url,
          dropped: view.dropped,
          frames: view.messages,
          ...statusOf(view),
        });
      } catch (error) {
        publish({ ...IDLE, state: 'closed', error: error instanceof Error ? error.message : String(error) });
      }
    },
    async disconnect() {
      const { sessionId } = current.current;
      if (sessionId === null) return;
      const view = await api.closeWebSocket(sessionId);
      merge(sessionId, view.messages, statusOf(view));
    },
    async send(messages: WebSocketOutgoing[]) {
      const { sessionId } = current.current;
      if (sessionId === null) return;
      const answer = await api.sendWebSocket(sessionId, messages);
      merge(sessionId, answer.messages);
    },
    clear() {
      publish({ ...current.current, shownAfter: current.current.frames.at(-1)?.seq ?? 0 });
    },
  };
}
