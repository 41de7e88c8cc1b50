import { randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/** Timestamps are ISO-8601 UTC strings, so they sort as text and read the same in every layer. */
export function now(): string {
  return new Date().toISOString();
}
