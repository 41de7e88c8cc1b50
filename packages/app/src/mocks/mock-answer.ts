import type { ExampleDelay } from '@client/core';

/** What a mock sends back for one request. */
export interface MockAnswer {
  status: number;
  /** Name/value pairs in order, Content-Type among them when there is a body. */
  headers: [string, string][];
  body: Buffer;
  /** As `MockLogEntry.answer`: an example's name, `schema example`, `generated`, or null for the mock's own. */
  source: string | null;
  /** The example's own delay, which wins over the mock's. */
  delay?: ExampleDelay;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\b|^[\w.+-]+\/[\w.+-]+\+json\b/i;

export function isJsonMedia(mediaType: string): boolean {
  return JSON_MEDIA.test(mediaType.trim());
}

/** A JSON answer the mock makes itself (404, 405, 422…): its own words, never an endpoint's. */
export function ownAnswer(
  status: number,
  body: unknown,
  contentType = 'application/json',
  headers: [string, string][] = [],
): MockAnswer {
  return {
    status,
    headers: [['Content-Type', contentType], ...headers],
    body: Buffer.from(JSON.stringify(body)),
    source: null,
  };
}
