import { randomUUID } from 'node:crypto';
import type { ConnectionOptions } from 'node:tls';
import {
  AppError,
  type EndpointDraft,
  maskSecretNamedPairs,
  type WebSocketConnectInput,
  type WebSocketFrame,
  type WebSocketOutgoing,
  type WebSocketSessionUpdate,
  type WebSocketSessionView,
} from '@client/core';
import { historyScrubber, scrubHeaders } from '@client/http';
import type { Store } from '@client/store';
import type WebSocket from 'ws';
import type { RequestSender } from '../sending/request-sender.js';
import { sessionHistoryEntry } from './websocket-history.js';
import { type SessionTarget, WebSocketSession } from './websocket-session.js';
import type { TimelineLimits } from './websocket-timeline.js';

export interface WebSocketSessionOptions {
  /** How much of each session History keeps. */
  historyBytes: number;
  timeline?: TimelineLimits;
  /** Closed sessions kept for the window to read back, newest last. */
  keptClosed: number;
}

const DEFAULT_OPTIONS: WebSocketSessionOptions = { historyBytes: 256 * 1024, keptClosed: 20 };

/** The largest message the app takes from a server; a bigger one closes the connection (1009). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

/** A ws(s) URL for an http(s) one: a WebSocket endpoint may be written after an http(s) `{{base_url}}`. */
function socketUrl(url: URL): URL {
  const socket = new URL(url);
  if (socket.protocol === 'http:') socket.protocol = 'ws:';
  else if (socket.protocol === 'https:') socket.protocol = 'wss:';
  if (socket.protocol !== 'ws:' && socket.protocol !== 'wss:') {
    throw new AppError('VALIDATION', `"${url.protocol}" is no WebSocket scheme; use a ws:// or wss:// URL`);
  }
  return socket;
}

/** The certificate settings of a connection, the only TLS options a WebSocket client takes from them. */
function tlsOptionsOf(tls: ConnectionOptions): WebSocket.ClientOptions {
  const { rejectUnauthorized, ca, cert, key, pfx, passphrase } = tls;
  return Object.fromEntries(
    Object.entries({ rejectUnauthorized, ca, cert, key, pfx, passphrase }).filter(([, value]) => value !== undefined),
  );
}

const shownSocketUrl = (url: string): string => url.replace(/^http(s?):/i, 'ws$1:');

/**
 * The WebSocket connections the app holds for the window. Each is built like a Send (variables with secrets,
 * the auth its folder or project gives, the TLS settings) and then kept open here, in the app process, so the
 * window's page never holds a socket or a secret. What arrives is announced to the window (`websocket` events);
 * each session is kept in History when it closes.
 */
export class WebSocketSessions {
  private readonly sessions = new Map<string, WebSocketSession>();
  private readonly options: WebSocketSessionOptions;

  constructor(
    private readonly store: Store,
    private readonly sender: RequestSender,
    private readonly announce: (update: WebSocketSessionUpdate) => void,
    /** Called once a closed session is in History. */
    private readonly historyAdded: (projectId: string, historyId: string) => void,
    options: Partial<WebSocketSessionOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** Connects and answers once the connection is open, or has failed (the view says why). */
  async connect(input: WebSocketConnectInput): Promise<WebSocketSessionView> {
    if (input.request.kind !== 'websocket') {
      throw new AppError(
        'VALIDATION',
        'this endpoint is not a WebSocket endpoint; set its kind to websocket to connect',
      );
    }
    if (input.request.auth.type === 'digest') {
      throw new AppError(
        'VALIDATION',
        'Digest auth cannot open a WebSocket; use Basic, Bearer, an API key or OAuth 2.0',
      );
    }
    const request: EndpointDraft = { ...input.request, method: 'GET', body: { mode: 'none' } };
    const preparation = await this.sender.prepare({ ...input, requestId: randomUUID(), request }, 'person');
    if (!preparation.ok) throw new AppError(preparation.code, preparation.message);
    const { prepared } = preparation.send;
    const { outgoing, tls, proxied } = await this.sender.engine.loadTarget(prepared, input.projectId);
    const scrub = historyScrubber(prepared);
    const target: SessionTarget = {
      url: socketUrl(outgoing.url),
      headers: outgoing.headers,
      subprotocols: request.websocket?.subprotocols ?? [],
      options: {
        ...tlsOptionsOf(tls),
        handshakeTimeout: prepared.settings.timeoutMs,
        followRedirects: prepared.settings.followRedirects,
        maxRedirects: prepared.settings.maxRedirects,
        maxPayload: MAX_PAYLOAD_BYTES,
      },
    };
    if (proxied) {
      throw new AppError(
        'VALIDATION',
        'WebSocket connections do not go through a proxy yet; set the proxy to None to connect directly',
      );
    }
    const sessionId = randomUUID();
    const session = new WebSocketSession(target, {
      sessionId,
      projectId: input.projectId,
      endpointId: preparation.send.endpointId,
      shownUrl: shownSocketUrl(outgoing.record.url),
      shownHeaders: outgoing.record.headers,
      scrub,
      announce: this.announce,
      historyBytes: this.options.historyBytes,
      ...(this.options.timeline === undefined ? {} : { timeline: this.options.timeline }),
      closed: (record) => {
        const entry = sessionHistoryEntry(record, this.options.historyBytes, scrub);
        entry.responseHeaders = scrubHeaders(maskSecretNamedPairs(record.responseHeaders), scrub);
        this.keepInHistory(entry);
        this.forgetOldClosed();
      },
    });
    this.sessions.set(sessionId, session);
    await session.ready;
    return session.view();
  }

  send(sessionId: string, messages: readonly WebSocketOutgoing[]): WebSocketFrame[] {
    return this.require(sessionId).send(messages);
  }

  close(sessionId: string): WebSocketSessionView {
    const session = this.require(sessionId);
    session.close();
    return session.view();
  }

  view(sessionId: string, after = 0): WebSocketSessionView {
    return this.require(sessionId).view(after);
  }

  /** Ends every connection at once (the app is stopping), once each is kept in History. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((session) => session.terminate()));
  }

  private keepInHistory(entry: ReturnType<typeof sessionHistoryEntry>): void {
    try {
      const kept = this.store.history.add(entry);
      this.historyAdded(entry.projectId ?? '', kept.id);
    } catch (error) {
      // The project or endpoint was deleted while the connection was open: there is nothing to keep it under.
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    }
  }

  private forgetOldClosed(): void {
    const closed = [...this.sessions.values()].filter((session) => session.isClosed);
    for (const session of closed.slice(0, Math.max(0, closed.length - this.options.keptClosed))) {
      this.sessions.delete(session.id);
    }
  }

  private require(sessionId: string): WebSocketSession {
    const session = this.sessions.get(sessionId);
    if (session === undefined) {
      throw new AppError('NOT_FOUND', `no WebSocket session "${sessionId}"; it ended long ago or the app restarted`);
    }
    return session;
  }
}
