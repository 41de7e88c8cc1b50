import {
  AGENT_BODY_BYTES,
  type AgentSendResult,
  AppError,
  MASKED_VALUE,
  maskSecretNamedPairs,
  type SendOutcome,
} from '@client/core';
import { scrubHeaders } from '@client/http';
import { scrubbedStart } from '../sending/scrubbed-start.js';
import { agentStreamEvents } from './agent-stream-events.js';

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
  const shown = outcome.body === null ? null : scrubbedStart(outcome.body, AGENT_BODY_BYTES, scrub);
  const body = shown === null ? null : shown.text;
  const bodyTruncated = outcome.truncated || shown?.cut === true;
  const notes = outcome.warnings.map(scrub);
  if (bodyTruncated) {
    notes.push(
      `The body is ${outcome.size.toLocaleString('en-US')} bytes; only the first ${kilobytes(AGENT_BODY_BYTES)} are here. ` +
        'The person can read the rest in the History of the app.',
    );
  }
  const stream = outcome.stream === undefined ? null : agentStreamEvents(outcome.stream, scrub);
  if (stream !== null && stream.note !== null) notes.push(stream.note);
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
    ...(stream === null ? {} : { events: stream.events }),
    notes,
  };
}
