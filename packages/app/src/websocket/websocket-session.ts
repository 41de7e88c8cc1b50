import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  AppError,
  type KeyValue,
  type WebSocketFrame,
  type WebSocketOutgoing,
  type WebSocketSessionState,
  type WebSocketSessionUpdate,
  type WebSocketSessionView,
} from '@client/core';
import WebSocket, { type RawData } from 'ws';
import type { SessionRecord } from './websocket-history.js';
import { type TimelineLimits, WebSocketTimeline } from './websocket-timeline.js';

/** Where and how a session connects, its secrets resolved. */
export interface SessionTarget {
  url: URL;
  headers: KeyValue[];
  subprotocols: string[];
  options: WebSocket.ClientOptions;
}

export interface SessionFacts {
  sessionId: string;
  projectId: string;
  endpointId: string | null;
  /** The URL as History and the window show it, secrets masked. */
  shownUrl: string;
  /** The request's headers as History keeps them, secrets masked. */
  shownHeaders: KeyValue[];
  scrub(text: string): string;
  /** Called, at most once a turn of the event loop, with what changed. */
  announce(update: WebSocketSessionUpdate): void;
  /** Called once when the session has closed. */
  closed(record: SessionRecord): void;
  timeline?: TimelineLimits;
  /** How much of the session History keeps: its first messages, as JSON, up to this many bytes. */
  historyBytes: number;
}

/** How long an update waits for more messages to go with it. */
const ANNOUNCE_MS = 10;

/** Headers the WebSocket handshake writes itself; an endpoint's own would break it. */
const HANDSHAKE_HEADERS = new Set([
  'connection',
  'upgrade',
  'host',
  'content-length',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-protocol',
]);

function headerRecord(headers: readonly KeyValue[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { key, value } of headers) {
    if (HANDSHAKE_HEADERS.has(key.toLowerCase())) continue;
    const existing = record[key];
    record[key] = existing === undefined ? value : `${existing}, ${value}`;
  }
  return record;
}

function payloadOf(message: WebSocketOutgoing): { payload: string | Buffer; binary: boolean } {
  switch (message.format) {
    case 'binary':
      return { payload: Buffer.from(message.data, 'base64'), binary: true };
    case 'json':
      try {
        JSON.parse(message.data);
      } catch (error) {
        throw new AppError(
          'VALIDATION',
          `the message is not JSON (${(error as Error).message}); fix it or send it as text`,
        );
      }
      return { payload: message.data, binary: false };
    default:
      return { payload: message.data, binary: false };
  }
}

const bytesOf = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/**
 * One connection the app holds for the window: the socket, the timeline of what was sent and received, and the
 * updates the window learns of. Received text is kept as it came (the window shows what the server sent); History
 * keeps it with the request's secrets masked.
 */
export class WebSocketSession {
  private readonly socket: WebSocket;
  private readonly timeline: WebSocketTimeline;
  private readonly startedAt = new Date().toISOString();
  private readonly started = performance.now();
  private openedAt: number | null = null;
  private state: WebSocketSessionState = 'connecting';
  private error: string | undefined;
  private closeCode: number | undefined;
  private closeReason: string | undefined;
  private responseHeaders: KeyValue[] = [];
  private receivedBytes = 0;
  private readonly historyFrames: WebSocketFrame[] = [];
  /** The connection under the socket, once upgraded: corked while a burst of messages is written. */
  private wire: Socket | undefined;
  private historySize = 0;
  private historyCut = false;
  private pending: WebSocketFrame[] = [];
  private announcing = false;
  /** Settles once the connection has opened or failed. */
  readonly ready: Promise<void>;

  constructor(
    target: SessionTarget,
    private readonly facts: SessionFacts,
  ) {
    this.timeline = new WebSocketTimeline(facts.timeline);
    this.socket = new WebSocket(target.url, target.subprotocols, {
      ...target.options,
      headers: headerRecord(target.headers),
    });
    this.socket.binaryType = 'nodebuffer';
    this.ready = new Promise((resolve) => {
      this.socket.once('open', resolve);
      this.socket.once('close', resolve);
    });
    this.socket.on('upgrade', (response) => {
      this.wire = response.socket;
      this.responseHeaders = Object.entries(response.headers).flatMap(([key, value]) =>
        value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((text) => ({ key, value: text })),
      );
    });
    this.socket.on('open', () => {
      this.openedAt = performance.now();
      this.state = 'open';
      this.schedule();
    });
    this.socket.on('message', (data, isBinary) => {
      const bytes = bytesOf(data);
      this.receivedBytes += bytes.length;
      this.add(
        'received',
        isBinary ? 'binary' : 'text',
        isBinary ? bytes.toString('base64') : bytes.toString('utf8'),
        bytes.length,
      );
    });
    this.socket.on('error', (error) => {
      this.error ??= facts.scrub(error.message);
    });
    this.socket.on('close', (code, reason) => {
      this.state = 'closed';
      // 1005 and 1006 are no code the peer sent: the connection ended without a close frame or with none given.
      if (this.openedAt !== null) this.closeCode = code;
      const text = reason.toString('utf8');
      if (text !== '') this.closeReason = facts.scrub(text);
      this.schedule();
      facts.closed(this.record());
    });
  }

  get id(): string {
    return this.facts.sessionId;
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /** Sends the messages in order; refuses all of them (VALIDATION) unless the connection is open and each is valid. */
  send(messages: readonly WebSocketOutgoing[]): WebSocketFrame[] {
    if (this.state !== 'open' || this.socket.readyState !== WebSocket.OPEN) {
      throw new AppError('VALIDATION', 'the connection is not open; connect again to send');
    }
    const payloads = messages.map(payloadOf);
    // Corked, a burst goes out in one write rather than one system call a message.
    this.wire?.cork();
    try {
      return payloads.map(({ payload, binary }) => {
        this.socket.send(payload, { binary });
        const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
        const data = typeof payload === 'string' ? payload : payload.toString('base64');
        return this.add('sent', binary ? 'binary' : 'text', data, size);
      });
    } finally {
      this.wire?.uncork();
    }
  }

  /** Starts the closing handshake (or abandons a connect still under way); the session ends with its `close` event. */
  close(code = 1000, reason = ''): void {
    if (this.state === 'closed') return;
    if (this.socket.readyState === WebSocket.CONNECTING) {
      this.error ??= 'closed before the connection opened';
      this.socket.terminate();
      return;
    }
    this.state = 'closing';
    this.socket.close(code, reason);
    this.schedule();
  }

  /** Closes at once, without the closing handshake, when the app stops; settles once the session has ended. */
  terminate(): Promise<void> {
    if (this.state === 'closed') return Promise.resolve();
    const ended = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    this.socket.terminate();
    return ended;
  }

  view(after = 0): WebSocketSessionView {
    return {
      sessionId: this.facts.sessionId,
      projectId: this.facts.projectId,
      endpointId: this.facts.endpointId,
      url: this.facts.shownUrl,
      protocol: this.socket.protocol,
      startedAt: this.startedAt,
      dropped: this.timeline.dropped,
      messages: this.timeline.after(after),
      ...this.status(),
    };
  }

  private status() {
    return {
      state: this.state,
      ...(this.error === undefined ? {} : { error: this.error }),
      ...(this.closeCode === undefined ? {} : { closeCode: this.closeCode }),
      ...(this.closeReason === undefined ? {} : { closeReason: this.closeReason }),
    };
  }

  /** One object a message, made once: a burst of thousands makes no copies for the collector to sweep. */
  private add(
    direction: WebSocketFrame['direction'],
    format: WebSocketFrame['format'],
    data: string,
    size: number,
  ): WebSocketFrame {
    const ms = Math.round((performance.now() - (this.openedAt ?? this.started)) * 10) / 10;
    const kept = this.timeline.add({ seq: 0, direction, format, data, size, ms });
    this.keepForHistory(kept);
    this.pending.push(kept);
    this.schedule();
    return kept;
  }

  private keepForHistory(frame: WebSocketFrame): void {
    if (this.historyCut) return;
    // The JSON History writes is about the data and some 80 bytes of fields.
    const size = frame.data.length + 80;
    if (this.historySize + size > this.facts.historyBytes) {
      this.historyCut = true;
      return;
    }
    this.historySize += size;
    this.historyFrames.push(frame);
  }

  /**
   * Announces what changed a moment later, with whatever else arrived meanwhile: a burst of messages is one update
   * (a window draws at most this often anyway), not one each.
   */
  private schedule(): void {
    if (this.announcing) return;
    this.announcing = true;
    setTimeout(() => {
      this.announcing = false;
      const messages = this.pending;
      this.pending = [];
      this.facts.announce({
        sessionId: this.facts.sessionId,
        protocol: this.socket.protocol,
        messages,
        ...this.status(),
      });
    }, ANNOUNCE_MS);
  }

  private record(): SessionRecord {
    return {
      id: this.facts.sessionId,
      projectId: this.facts.projectId,
      endpointId: this.facts.endpointId,
      url: this.facts.shownUrl,
      requestHeaders: this.facts.shownHeaders,
      responseHeaders: this.responseHeaders,
      status: this.openedAt === null ? null : 101,
      error: this.error ?? null,
      durationMs: performance.now() - this.started,
      receivedBytes: this.receivedBytes,
      frames: this.historyFrames,
      cut: this.historyCut,
    };
  }
}
