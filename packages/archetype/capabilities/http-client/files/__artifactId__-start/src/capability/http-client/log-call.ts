import type { Logger } from 'pino';

import type { RemoteCallError } from './remote-call-error.js';

export interface CallRecord {
  readonly client: string;
  readonly operation: string;
  readonly method: string;
  readonly url: string;
  /** Absent when no answer arrived. */
  readonly status: number | undefined;
  readonly ms: number;
}

function outcome(record: CallRecord, error: RemoteCallError | undefined): string {
  const answered = record.status === undefined ? '' : ` → ${record.status}`;
  const call = `${record.method} ${record.url}${answered} in ${record.ms} ms`;
  if (error === undefined) return call;
  return error.kind === 'business' ? `${call}: business error ${error.code}: ${error.msg}` : `${call}: ${error.detail}`;
}

/**
 * One line per call, written inside the call's span so it carries the trace id the callee continues. It is a
 * warning when the call took longer than `slowCallThresholdMs` or got no usable answer; a business error is the
 * remote service's regular answer and is logged at info like a success.
 */
export function logCall(
  logger: Logger,
  slowCallThresholdMs: number,
  record: CallRecord,
  error: RemoteCallError | undefined,
): void {
  const fields = error === undefined ? record : { ...record, kind: error.kind, reason: error.reason, code: error.code };
  const slow = record.ms > slowCallThresholdMs;
  const message = outcome(record, error);
  if (slow) logger.warn(fields, `slow call (over ${slowCallThresholdMs} ms): ${message}`);
  else if (error?.kind === 'remote') logger.warn(fields, `call failed: ${message}`);
  else logger.info(fields, message);
}
