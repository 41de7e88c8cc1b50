import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { SendOutcome } from '@client/core';
import { isRealDirectory } from '../files/real-directory.js';

/** Text bodies up to this many characters travel inside the send's JSON answer; longer ones are fetched. */
const INLINE_CHARACTERS = 1024 * 1024;
/** Bodies up to this size stay in memory; larger ones are spilled to a file in the data dir. */
const MEMORY_BYTES = 4 * 1024 * 1024;
/** How many bodies stay fetchable: those of the responses the open tabs most likely show. */
const KEPT_BODIES = 24;

interface KeptBody {
  contentType: string | null;
  size: number;
  /** In memory, or the path of the file it was spilled to. */
  place: { bytes: Uint8Array } | { file: string };
}

/**
 * The latest response bodies, whole, for the window to fetch by id: large and binary bodies are not put into
 * the send's JSON answer. Past a few MiB a body goes to a 0600 file in `<data dir>/responses`, which holds
 * only these and is emptied when the app starts and stops.
 */
export class ResponseBodies {
  private readonly kept = new Map<string, KeptBody>();

  constructor(private readonly dir: string) {
    this.clear();
  }

  /** The outcome as the window gets it: a body that is binary or large is left out, with the id to fetch it by. */
  present(outcome: SendOutcome, bytes: Uint8Array | null): SendOutcome {
    if (outcome.outcome !== 'response' || bytes === null || bytes.length === 0) return outcome;
    const bodyId = this.keep(bytes, outcome.contentType);
    if (outcome.body === null) return { ...outcome, bodyId, binary: true };
    return outcome.body.length <= INLINE_CHARACTERS ? { ...outcome, bodyId } : { ...outcome, body: null, bodyId };
  }

  /** A kept body's bytes as a stream, with its type and size; undefined once it is no longer kept. */
  open(bodyId: string): { stream: Readable | Buffer; contentType: string | null; size: number } | undefined {
    const body = this.kept.get(bodyId);
    if (body === undefined) return undefined;
    const { place } = body;
    const stream =
      'bytes' in place
        ? Buffer.from(place.bytes.buffer, place.bytes.byteOffset, place.bytes.length)
        : createReadStream(place.file);
    return { stream, contentType: body.contentType, size: body.size };
  }

  /** Forgets every body and removes the spilled files. */
  clear(): void {
    this.kept.clear();
    if (!isRealDirectory(this.dir)) return;
    for (const name of readdirSync(this.dir)) rmSync(join(this.dir, name), { force: true });
  }

  private keep(bytes: Uint8Array, contentType: string | null): string {
    const bodyId = randomUUID();
    this.kept.set(bodyId, { contentType, size: bytes.length, place: this.place(bodyId, bytes) });
    for (const [oldest] of this.kept) {
      if (this.kept.size <= KEPT_BODIES) break;
      this.forget(oldest);
    }
    return bodyId;
  }

  private place(bodyId: string, bytes: Uint8Array): KeptBody['place'] {
    if (bytes.length <= MEMORY_BYTES) return { bytes };
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      if (!isRealDirectory(this.dir)) return { bytes };
      const file = join(this.dir, bodyId);
      // Exclusive create: never written through a link or over a file something else put there.
      writeFileSync(file, bytes, { mode: 0o600, flag: 'wx' });
      return { file };
    } catch {
      // A full or read-only disk: the body is kept in memory instead, so it is still shown whole.
      return { bytes };
    }
  }

  private forget(bodyId: string): void {
    const body = this.kept.get(bodyId);
    this.kept.delete(bodyId);
    if (body !== undefined && 'file' in body.place) rmSync(body.place.file, { force: true });
  }
}
