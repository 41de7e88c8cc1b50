import type { KeyValue } from '@client/core';

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
}
