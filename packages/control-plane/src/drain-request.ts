import type { IncomingMessage } from 'node:http';

export interface DrainBounds {
  /** A body declared or found larger than this is not waited for. */
  maxBytes: number;
  /** Nor one that takes longer than this to arrive. */
  maxMs: number;
}

/**
 * Reads and discards what is left of a request's body before it is answered. A refusal (401, 413) comes
 * before the body has been read, and Node closes the connection right after the answer: bytes the client
 * is still sending then reach a closed socket, the kernel resets the connection, and the reset can throw
 * away the answer before the client reads it. Within the bounds, the client gets its answer; beyond them
 * (a hostile sender), the connection is closed as before.
 */
export function drainUnreadBody(request: IncomingMessage, bounds: DrainBounds): Promise<void> {
  if (request.complete || request.destroyed || request.readableEnded) return Promise.resolve();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > bounds.maxBytes) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (): void => {
      clearTimeout(timer);
      request.off('data', count);
      request.off('end', finish);
      request.off('close', finish);
      request.off('error', finish);
      resolve();
    };
    const count = (chunk: Buffer): void => {
      seen += chunk.length;
      if (seen > bounds.maxBytes) finish();
    };
    const timer = setTimeout(finish, bounds.maxMs);
    request.on('data', count);
    request.once('end', finish);
    request.once('close', finish);
    request.once('error', finish);
    request.resume();
  });
}
