import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { errorResponse, JSON_RPC_ERROR } from './json-rpc.js';
import { LineReader } from './line-reader.js';

/** Far above any message an agent sends (the control plane takes bodies up to 1 MiB), far below running out. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * MCP's stdio transport: newline-delimited JSON-RPC messages on stdin and stdout. A line that is not JSON (or is
 * too long) is answered with a parse error here, since no request id can be read from it; everything else goes to
 * `onmessage` as parsed, and the server checks its shape.
 */
export class StdioTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];

  private readonly reader = new LineReader(
    MAX_MESSAGE_BYTES,
    (line) => this.receive(line),
    () => this.reject(`a message is longer than ${MAX_MESSAGE_BYTES} bytes; it was skipped`),
  );
  private readonly onData = (chunk: Buffer): void => this.reader.push(chunk);
  private readonly onError = (error: Error): void => this.onerror?.(error);
  private readonly onEnd = (): void => {
    void this.close();
  };

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
    this.input.on('end', this.onEnd);
    // A host that closes its end of stdout makes writes fail with EPIPE: reported, never thrown.
    this.output.on('error', this.onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      // Resolves once the line is handed to the stream; Node keeps the order and flushes it before exit.
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    this.input.off('end', this.onEnd);
    this.onclose?.();
  }

  private receive(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.reject(`a line is not JSON: ${line.length > 80 ? `${line.slice(0, 80)}…` : line}`);
      return;
    }
    this.onmessage?.(message as JSONRPCMessage);
  }

  private reject(message: string): void {
    this.send(errorResponse(undefined, JSON_RPC_ERROR.parseError, message)).catch((error: Error) =>
      this.onerror?.(error),
    );
  }
}
