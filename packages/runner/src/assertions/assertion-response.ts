import type { KeyValue, StreamEvent } from '@client/core';

/** What an assertion row is checked against: a response as it arrived, not changed once rows are checked against it. */
export interface AssertionResponse {
  code: number;
  status: string;
  headers: KeyValue[];
  /** The body as text (decoded as the response's charset says). */
  body: string;
  /** Milliseconds from sending to the whole response. */
  responseTime: number;
  /** Bytes of the body as it arrived. */
  size: number;
  /** A streamed answer's events (server-sent events, NDJSON); absent for any other body. */
  events?: StreamEvent[];
}
