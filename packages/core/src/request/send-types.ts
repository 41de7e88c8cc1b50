import type { EndpointDraft, KeyValue } from '../model.js';
import type { SendChecks } from '../run/send-checks.js';
import type { StreamCapture } from './stream-types.js';

/*
 * The JSON of sending a request through the app and reading back what was sent: what the UI posts and
 * what the app's UI server answers. The two sides import these, so the contract is checked on both.
 */

/** What `POST /api/send` takes. */
export interface SendInput {
  /** Chosen by the UI, so it can cancel the request while it runs. */
  requestId: string;
  projectId: string;
  endpointId: string | null;
  environmentId: string | null;
  /**
   * The folder an unsaved request is to be saved in, whose auth it inherits; a saved endpoint's own folder is
   * read from the store instead.
   */
  folderId?: string | null;
  request: EndpointDraft;
  /** The person's yes to a `confirm-upload` outcome: the files and destination exactly as it named them. */
  confirmUpload?: UploadConsent;
}

/** Local files to upload and the origin they go to. */
export interface UploadConsent {
  files: string[];
  origin: string;
}

/** A response, whatever its status: the request reached a server. */
export interface SendResult {
  historyId: string;
  /** The URL as sent, secrets masked. */
  url: string;
  status: number;
  statusText: string;
  durationMs: number;
  size: number;
  headers: KeyValue[];
  contentType: string | null;
  /**
   * The body as text; null for a binary body, and for a text body too large to travel inside this answer,
   * both of which are then fetched by `bodyId`.
   */
  body: string | null;
  /** Where the whole body can be fetched, exactly as it arrived: `GET /api/responses/<bodyId>`. */
  bodyId?: string;
  /** Set when the body is not text: an image is shown, anything else offered as a file. */
  binary?: boolean;
  /** Whether the body arrived past what the app keeps (50 MiB), so only its first part is there. */
  truncated: boolean;
  warnings: string[];
  /**
   * Where the time went: name lookup, connecting, TLS, waiting for the answer, reading it (milliseconds); null
   * for a response reopened from History.
   */
  timing: SendTiming | null;
  /** The cookies the answer set (kept in the project's jar); empty for a response reopened from History. */
  cookies: CookieView[];
  /** The endpoint's assertion rows and scripts' tests checked against this response; absent when it has none. */
  checks?: SendChecks;
  /** The events of a streamed answer (server-sent events, NDJSON); absent for any other body. */
  stream?: StreamCapture;
}

/** A cookie as the jar keeps it, or as a response set it. */
export interface CookieView {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** ISO time it expires; null for a cookie that lasts as long as the jar keeps it (a session cookie). */
  expires: string | null;
  httpOnly: boolean;
  secure: boolean;
  sameSite: string | null;
}

export interface SendTiming {
  dnsMs: number;
  connectMs: number;
  tlsMs: number;
  waitMs: number;
  downloadMs: number;
  totalMs: number;
}

/**
 * What `POST /api/send` answers: a failure to reach the server is an outcome, not an API error. A request
 * that could not be built (an unset variable, a bad URL) fails before it is sent and leaves no history.
 */
export type SendOutcome =
  | ({ outcome: 'response' } & SendResult)
  | { outcome: 'failed'; historyId: string | null; message: string; checks?: SendChecks }
  | { outcome: 'cancelled' }
  /**
   * Nothing was sent: the body uploads local files that an import named (an agent's cURL command, say) and
   * the person has not yet agreed to send them there. Sending again with `confirmUpload` set to these sends.
   */
  | ({ outcome: 'confirm-upload' } & UploadConsent);

/** A sent request as the history list shows it. */
export interface HistoryItem {
  id: string;
  endpointId: string | null;
  method: string;
  url: string;
  status: number | null;
  error: string | null;
  durationMs: number;
  responseSize: number;
  sentBy: 'person' | 'agent';
  sentAt: string;
}

/** One history entry in full, secrets masked. */
export interface HistoryDetail extends HistoryItem {
  requestHeaders: KeyValue[];
  requestBody: string | null;
  responseHeaders: KeyValue[];
  /** Null for a binary body. */
  responseBody: string | null;
  /** Whether only the first part of the body was kept. */
  responseTruncated: boolean;
  /** A streamed answer's events, read from the kept body. */
  stream?: StreamCapture;
}
