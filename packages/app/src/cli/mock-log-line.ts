import type { MockLogEntry } from '@client/core';

const MAX_SHOWN_PATH = 200;

/** Control characters (a crafted path's line breaks or terminal escapes) are shown escaped, never written. */
function visible(text: string): string {
  return text.replace(/\p{Cc}/gu, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function answerOf(answer: string): string {
  return answer === 'schema example' || answer === 'generated' ? answer : `example "${visible(answer)}"`;
}

/**
 * What `client mock` prints for one request: `GET /users/1 → 200 Get user (example "ok") 3 ms`; the endpoint and
 * the answer's source are left out when the mock answered on its own (404, 405, 422, a preflight).
 */
export function formatMockLogLine(entry: MockLogEntry): string {
  const path = entry.path.length > MAX_SHOWN_PATH ? `${entry.path.slice(0, MAX_SHOWN_PATH)}…` : entry.path;
  const parts = [`${visible(entry.method)} ${visible(path)} → ${entry.status}`];
  if (entry.endpointName !== null) parts.push(visible(entry.endpointName));
  if (entry.answer !== null) parts.push(`(${answerOf(entry.answer)})`);
  parts.push(`${Math.round(entry.ms)} ms`);
  return parts.join(' ');
}
