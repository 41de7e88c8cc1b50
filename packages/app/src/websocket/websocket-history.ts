import type { KeyValue, WebSocketFrame } from '@client/core';
import type { NewHistoryEntry } from '@client/store';

/** What History keeps of a closed session. */
export interface SessionRecord {
  id: string;
  projectId: string;
  endpointId: string | null;
  url: string;
  requestHeaders: KeyValue[];
  responseHeaders: KeyValue[];
  /** 101 once the server switched protocols, null when it never did. */
  status: number | null;
  error: string | null;
  durationMs: number;
  receivedBytes: number;
  /** The first messages of the session, oldest first. */
  frames: readonly WebSocketFrame[];
  /** Whether messages came after those. */
  cut: boolean;
}

/**
 * The History entry of a session: its messages as a JSON array in the response body, cut at a whole message once
 * `maxBytes` would be passed (the cut flagged), and each message's text scrubbed of the request's secrets.
 */
export function sessionHistoryEntry(
  record: SessionRecord,
  maxBytes: number,
  scrub: (text: string) => string,
): NewHistoryEntry {
  const parts: string[] = [];
  let size = 2;
  let cut = record.cut;
  for (const frame of record.frames) {
    const text = JSON.stringify({ ...frame, data: scrub(frame.data) });
    if (size + text.length + 1 > maxBytes) {
      cut = true;
      break;
    }
    parts.push(text);
    size += text.length + 1;
  }
  return {
    id: record.id,
    projectId: record.projectId,
    endpointId: record.endpointId,
    method: 'WS',
    url: record.url,
    requestHeaders: record.requestHeaders,
    requestBody: null,
    status: record.status,
    error: record.error,
    durationMs: Math.round(record.durationMs),
    responseSize: record.receivedBytes,
    responseHeaders: record.responseHeaders,
    responseBody: `[${parts.join(',')}]`,
    responseCut: cut,
    sentBy: 'person',
  };
}
