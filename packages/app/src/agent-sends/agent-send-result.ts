import {
  AGENT_BODY_BYTES,
  type AgentSendResult,
  AppError,
  MASKED_VALUE,
  maskSecretNamedPairs,
  type SendOutcome,
} from '@client/core';
import { scrubHeaders } from '@client/http';

function cutUtf8(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  // A character cut in two decodes to U+FFFD; it is dropped rather than shown.
  return buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

/** Past the shown part of a body, how much more is scrubbed with it: longer than any encoded secret. */
const SCRUB_MARGIN_BYTES = 64 * 1024;

function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
}

/**
 * What an agent gets back from a send: failures as coded errors, a response with every secret and credential
 * of the request scrubbed (in every encoded form, from the status text and header names too), every Set-Cookie and secret-named header masked, and the body
 * cut to 50 KB after scrubbing, so a cut never leaves part of a secret behind.
 */
export function agentSendResult(outcome: SendOutcome, scrub: (text: string) => string): AgentSendResult {
  switch (outcome.outcome) {
    case 'failed':
      throw new AppError(
        'SEND_FAILED',
        `${scrub(outcome.message)}${outcome.historyId === null ? '' : ' (kept in the History of the app)'}`,
      );
    case 'cancelled':
      throw new AppError('DENIED', 'the person cancelled the send in the app; ask them before sending it again');
    case 'confirm-upload':
      throw new AppError(
        'DENIED',
        `this endpoint uploads local files (${outcome.files.length}) that the person has not yet agreed to send to ` +
          `${outcome.origin}; ask them to send it once from the app, then send it again`,
      );
    case 'response':
      break;
  }
  const headers = scrubHeaders(
    maskSecretNamedPairs(outcome.headers).map(({ key, value }) => ({
      key,
      value: key.toLowerCase() === 'set-cookie' ? MASKED_VALUE : value,
    })),
    scrub,
  );
  // Only the start of a large body is scrubbed: what lies past the margin is never shown, and a secret that
  // begins inside the shown part and runs into the margin is still found whole.
  const start = outcome.body === null ? null : cutUtf8(outcome.body, AGENT_BODY_BYTES + SCRUB_MARGIN_BYTES);
  const scrubbed = start === null ? null : scrub(start);
  const body = scrubbed === null ? null : cutUtf8(scrubbed, AGENT_BODY_BYTES);
  const bodyTruncated = outcome.truncated || start !== outcome.body || body !== scrubbed;
  const notes = outcome.warnings.map(scrub);
  if (bodyTruncated) {
    notes.push(
      `The body is ${outcome.size.toLocaleString('en-US')} bytes; only the first ${kilobytes(AGENT_BODY_BYTES)} are here. ` +
        'The person can read the rest in the History of the app.',
    );
  }
  return {
    historyId: outcome.historyId,
    url: scrub(outcome.url),
    status: outcome.status,
    statusText: scrub(outcome.statusText),
    headers,
    contentType: outcome.contentType,
    timing: outcome.timing,
    durationMs: outcome.durationMs,
    body,
    bodyTruncated,
    totalBytes: outcome.size,
    notes,
  };
}
