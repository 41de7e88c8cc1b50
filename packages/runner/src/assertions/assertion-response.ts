import type { KeyValue } from '@client/core';

/** What an assertion row is checked against: a response as it arrived. */
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

/** One row's verdict: what the window shows beside the row, and what a run reports. */
export interface AssertionVerdict {
  /** The row's text (`status eq 200`): its name in results and reports. */
  assertion: string;
  passed: boolean;
  /** A switched-off row: never checked, never failed. */
  skipped?: true;
  /** The value the row read, as text (cut when long); null when it found nothing. */
  actual: string | null;
  /** Why it failed, in words a person acts on; absent when it passed. */
  message?: string;
}
