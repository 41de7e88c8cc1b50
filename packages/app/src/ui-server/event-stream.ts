import type { ServerResponse } from 'node:http';

/** Comments keep idle connections open through anything that times out silent streams. */
const HEARTBEAT_MS = 15_000;
/** How soon a browser reconnects after the stream drops (the app restarting, a sleep). */
const RETRY_MS = 2_000;

/**
 * Server-Sent Events to every open UI window. EventSource is plain HTTP, sends the session cookie like
 * any request, and reconnects by itself, which is all the UI needs for one-way notices.
 */
export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** Takes over a response and keeps it open until the window closes it or the server stops. */
  attach(response: ServerResponse): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    response.write(`retry: ${RETRY_MS}\n\n`);
    this.clients.add(response);
    response.on('close', () => this.clients.delete(response));
  }

  send(event: string, data: object): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private write(chunk: string): void {
    for (const client of this.clients) client.write(chunk);
  }
}
