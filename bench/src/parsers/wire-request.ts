import type { FormEntry } from '../fixtures/corpus.js';

/**
 * What a parser says curl would send, in one shape for every parser, so that a single comparison judges
 * them all. `'refused'` is a parser rejecting the command.
 */
export interface WireRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body's bytes as text; null when there is no text body (none, a file, or multipart). */
  bodyText: string | null;
  bodyFile: string | null;
  multipart: FormEntry[] | null;
  auth: WireAuth | null;
}

export type WireAuth = { type: string; username: string; password: string } | { type: 'bearer'; token: string };

export type ParserOutcome = WireRequest | 'refused';
