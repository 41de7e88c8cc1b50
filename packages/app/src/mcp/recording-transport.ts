import type { McpExchangeEntry } from '@client/core';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/** How many messages a session keeps for its raw view; the oldest go first, and the view says how many went. */
const EXCHANGE_CAP = 2000;

/**
 * A transport that passes everything through to the real one and keeps each JSON-RPC message, sent and received,
 * in order, for the raw view. The SDK's client sets its handlers on this wrapper; the wrapper sets its own on the
 * transport it wraps.
 */
export class RecordingTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;

  private readonly entries: McpExchangeEntry[] = [];
  private nextSeq = 1;
  private readonly startedAt = performance.now();
  /** Messages dropped from the front to keep within the cap. */
  dropped = 0;

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      this.record('received', message);
      this.onmessage?.(message, extra);
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** The protocol version the session agreed on, once initialized. */
  protocolVersion = '';

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.record('sent', message);
    await this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The messages after `afterSeq` (all of them from 0). */
  since(afterSeq: number): McpExchangeEntry[] {
    return this.entries.filter((entry) => entry.seq > afterSeq);
  }

  private record(direction: McpExchangeEntry['direction'], message: JSONRPCMessage): void {
    this.entries.push({ seq: this.nextSeq++, direction, ms: Math.round(performance.now() - this.startedAt), message });
    if (this.entries.length > EXCHANGE_CAP) {
      this.entries.shift();
      this.dropped++;
    }
  }
}
