import { z } from 'zod';

import { ResultCode } from '@__groupId__/__artifactId__-api';

import { describeIssues } from './describe-issues.js';
import { RemoteCallError, type RemoteCallErrorDetails } from './remote-call-error.js';

/** The call an answer belongs to, named in the error it may become. */
export type CallSite = Pick<RemoteCallErrorDetails, 'operation' | 'method' | 'url'>;

/** `{code, data, msg}`; an answer without a numeric `code` and a string `msg` is not in the unified shape. */
const unifiedBodySchema = z.object({ code: z.number(), data: z.unknown(), msg: z.string() });

/** Enough of an unexpected body to recognise it in a log line (an HTML error page, a proxy's message). */
function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine === '') return 'an empty body';
  return JSON.stringify(oneLine.length > 120 ? `${oneLine.slice(0, 120)}…` : oneLine);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The `data` of an answer in the unified shape with the success code, checked against `dataSchema` when
 * there is one. Any other answer becomes a `RemoteCallError`: `business` for the unified shape with another
 * code, `remote` for anything else.
 */
export function unwrapResponse(site: CallSite, status: number, text: string, dataSchema?: z.ZodType): unknown {
  const body = unifiedBodySchema.safeParse(parseJson(text));
  if (!body.success) {
    const failed = status < 200 || status > 299;
    throw new RemoteCallError(
      failed
        ? `HTTP ${status} without the unified {code, data, msg} body: ${excerpt(text)}`
        : `the answer is not the unified {code, data, msg} body: ${excerpt(text)}`,
      { ...site, kind: 'remote', reason: failed ? 'http-status' : 'malformed-response', status },
    );
  }
  const { code, data, msg } = body.data;
  if (code !== ResultCode.SUCCESS) {
    throw new RemoteCallError(`the remote service answered ${code}: ${msg}`, {
      ...site,
      kind: 'business',
      status,
      code,
      msg,
    });
  }
  if (dataSchema === undefined) return data;
  const checked = dataSchema.safeParse(data);
  if (!checked.success) {
    throw new RemoteCallError(`the data does not match the declared schema: ${describeIssues(checked.error, 'data')}`, {
      ...site,
      kind: 'remote',
      reason: 'invalid-data',
      status,
      cause: checked.error,
    });
  }
  return checked.data;
}
