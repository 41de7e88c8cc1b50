import { AppError } from '../errors.js';
import type { KeyValue } from '../model.js';
import type { SendTiming } from '../request/send-types.js';
import type { StreamEvent } from '../request/stream-types.js';

/** What an agent asks for with `POST /agent/send` and `send_endpoint`, after `readAgentSendRequest`. */
export interface AgentSendRequest {
  endpointId: string;
  /** The environment to resolve variables in; null: the project's active environment, as the person's Send. */
  environmentId: string | null;
  overrides: AgentSendOverrides;
  /** How long the agent waits for the person's answer, in milliseconds. */
  timeoutMs: number;
}

/** Changes an agent makes to the saved request for one send: names are set (every same-named entry replaced). */
export interface AgentSendOverrides {
  query: KeyValue[];
  headers: KeyValue[];
  /** Replaces the body's text; null keeps the saved body. */
  body: string | null;
}

/** The answer of `POST /agent/send`: the response with every secret masked and the body cut to a size. */
export interface AgentSendResult {
  historyId: string;
  /** The URL as sent, secrets masked. */
  url: string;
  status: number;
  statusText: string;
  headers: KeyValue[];
  contentType: string | null;
  timing: SendTiming | null;
  durationMs: number;
  /** The body up to `AGENT_BODY_BYTES` (null for a binary body); `bodyTruncated` says whether more arrived. */
  body: string | null;
  bodyTruncated: boolean;
  /** Bytes of the whole body as it arrived. */
  totalBytes: number;
  /** A streamed answer's events (server-sent events, NDJSON), scrubbed and capped like the body. */
  events?: StreamEvent[];
  /** What the agent should know and relay: a cut body, followed redirects, unset variables. */
  notes: string[];
}

/**
 * How long a send waits for the person by default: under the 60 s an MCP client gives a tool call, so an agent
 * hears CONSENT_TIMEOUT and what to do about it rather than its client's own timeout.
 */
export const AGENT_SEND_DEFAULT_TIMEOUT_MS = 50_000;
const MIN_TIMEOUT_MS = 1_000;
const MAX_TIMEOUT_MS = 600_000;
/** How much of a response body an agent gets inline. */
export const AGENT_BODY_BYTES = 50 * 1024;
const MAX_OVERRIDES = 100;

const FIELDS = ['endpointId', 'environmentId', 'overrides', 'timeoutMs'];
const OVERRIDE_FIELDS = ['query', 'headers', 'body'];

function invalid(message: string): AppError {
  return new AppError('VALIDATION', message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{{name}}` in an override would let an agent have a secret resolved into a place it chose. */
function checkText(text: string, label: string): string {
  if (text.includes('{{')) {
    throw invalid(`${label} cannot use {{variables}}: only the saved request's variables are resolved, by the app`);
  }
  return text;
}

/** `{name: value}` → pairs, in order; null means absent. */
function readPairs(value: unknown, label: string): KeyValue[] {
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) throw invalid(`${label} must be an object of names and string values, like {"page": "2"}`);
  const pairs = Object.entries(value);
  if (pairs.length > MAX_OVERRIDES) throw invalid(`${label} may set at most ${MAX_OVERRIDES} names`);
  return pairs.map(([key, text]) => {
    if (key.trim() === '') throw invalid(`${label} has an empty name`);
    if (typeof text !== 'string') throw invalid(`${label}.${key} must be a string`);
    return { key: checkText(key, `${label} name "${key}"`), value: checkText(text, `${label}.${key}`) };
  });
}

function readOverrides(value: unknown): AgentSendOverrides {
  if (value === undefined || value === null) return { query: [], headers: [], body: null };
  if (!isRecord(value)) throw invalid('overrides must be an object: {query?, headers?, body?}');
  const unknown = Object.keys(value).find((key) => !OVERRIDE_FIELDS.includes(key));
  if (unknown !== undefined) throw invalid(`overrides.${unknown} is not an override; use query, headers or body`);
  const { body } = value;
  if (body !== undefined && body !== null && typeof body !== 'string') {
    throw invalid('overrides.body must be the body text (a string), or null to keep the saved body');
  }
  return {
    query: readPairs(value.query, 'overrides.query'),
    headers: readPairs(value.headers, 'overrides.headers'),
    body: typeof body === 'string' ? checkText(body, 'overrides.body') : null,
  };
}

function readTimeout(value: unknown): number {
  if (value === undefined || value === null) return AGENT_SEND_DEFAULT_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < MIN_TIMEOUT_MS || value > MAX_TIMEOUT_MS) {
    throw invalid(`timeoutMs must be a whole number of milliseconds from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`);
  }
  return value;
}

/** Reads the body of `POST /agent/send`; unknown fields are refused by name, `null` means absent. */
export function readAgentSendRequest(value: unknown): AgentSendRequest {
  if (!isRecord(value))
    throw invalid('send a JSON object: {"endpointId": "…", "environmentId"?, "overrides"?, "timeoutMs"?}');
  const unknown = Object.keys(value).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined) throw invalid(`${unknown} is not a field of a send; use ${FIELDS.join(', ')}`);
  const { endpointId, environmentId } = value;
  if (typeof endpointId !== 'string' || endpointId === '') {
    throw invalid('endpointId is required: the id of a saved endpoint, from list_endpoints');
  }
  if (
    environmentId !== undefined &&
    environmentId !== null &&
    (typeof environmentId !== 'string' || environmentId === '')
  ) {
    throw invalid('environmentId must be the id of an environment of the project (list_environments), or null');
  }
  return {
    endpointId,
    environmentId: typeof environmentId === 'string' ? environmentId : null,
    overrides: readOverrides(value.overrides),
    timeoutMs: readTimeout(value.timeoutMs),
  };
}
