import type { EndpointBody, KeyValue, MultipartPart } from '@client/core';
import type {
  ConsoleLevel,
  ConsoleLine,
  JsonValue,
  OutgoingScriptRequest,
  ScriptRequest,
  TestResult,
  VariableChange,
  VariableLayer,
} from './script-types.js';

/**
 * Reads what the guest hands back. It is data from untrusted code (a script can break the prelude it shares a
 * context with), so every part is checked; a reply that is not what the prelude writes is refused whole.
 */

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const LAYERS = new Set<string>(['globals', 'collection', 'environment', 'iterationData', 'local']);
const LEVELS = new Set<string>(['log', 'info', 'warn', 'error', 'debug']);

function rows(value: unknown): KeyValue[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: KeyValue[] = [];
  for (const row of value) {
    if (!isFields(row) || typeof row.key !== 'string' || typeof row.value !== 'string') return undefined;
    out.push(
      row.enabled === false ? { key: row.key, value: row.value, enabled: false } : { key: row.key, value: row.value },
    );
  }
  return out;
}

function part(value: unknown): MultipartPart | undefined {
  if (!isFields(value) || typeof value.name !== 'string') return undefined;
  const out: MultipartPart = { name: value.name };
  if (typeof value.value === 'string') out.value = value.value;
  if (typeof value.file === 'string') out.file = value.file;
  if (typeof value.contentType === 'string') out.contentType = value.contentType;
  if (value.enabled === false) out.enabled = false;
  return out;
}

function graphqlBody(value: Fields): EndpointBody | undefined {
  const { query, variables, operationName } = value;
  if (typeof query !== 'string' || typeof variables !== 'string') return undefined;
  if (operationName !== undefined && typeof operationName !== 'string') return undefined;
  return { mode: 'graphql', query, variables, ...(operationName === undefined ? {} : { operationName }) };
}

function body(value: unknown): EndpointBody | undefined {
  if (!isFields(value)) return undefined;
  switch (value.mode) {
    case 'none':
      return { mode: 'none' };
    case 'json':
    case 'text':
      return typeof value.text === 'string' ? { mode: value.mode, text: value.text } : undefined;
    case 'urlencoded': {
      const fields = rows(value.fields);
      return fields && { mode: 'urlencoded', fields };
    }
    case 'multipart': {
      const parts = Array.isArray(value.parts) ? value.parts.map(part) : [undefined];
      return parts.every((p) => p !== undefined) ? { mode: 'multipart', parts: parts as MultipartPart[] } : undefined;
    }
    case 'file':
      return typeof value.path === 'string' ? { mode: 'file', path: value.path } : undefined;
    case 'graphql':
      return graphqlBody(value);
    default:
      return undefined;
  }
}

function outgoing(value: unknown): OutgoingScriptRequest | undefined {
  if (!isFields(value) || typeof value.method !== 'string' || typeof value.url !== 'string') return undefined;
  const headers = rows(value.headers);
  const requestBody = body(value.body);
  if (!headers || !requestBody) return undefined;
  return { method: value.method, url: value.url, headers, body: requestBody };
}

/** The request a script's sendRequest asks for, or undefined when the JSON is not one. */
export function readOutgoingRequest(json: string): OutgoingScriptRequest | undefined {
  try {
    return outgoing(JSON.parse(json));
  } catch {
    return undefined;
  }
}

function test(value: unknown): TestResult {
  if (!isFields(value) || typeof value.name !== 'string' || typeof value.passed !== 'boolean')
    throw malformed('a test');
  const out: TestResult = { name: value.name, passed: value.passed };
  if (value.skipped === true) out.skipped = true;
  if (isFields(value.error)) out.error = { name: String(value.error.name), message: String(value.error.message) };
  return out;
}

function consoleLine(value: unknown): ConsoleLine {
  if (!isFields(value) || !LEVELS.has(String(value.level)) || typeof value.text !== 'string')
    throw malformed('a console line');
  return { level: value.level as ConsoleLevel, text: value.text };
}

function change(value: unknown): VariableChange {
  if (!isFields(value) || !LAYERS.has(String(value.layer))) throw malformed('a variable change');
  const layer = value.layer as VariableLayer;
  if (value.op === 'clear') return { layer, op: 'clear' };
  if (typeof value.name !== 'string') throw malformed('a variable change');
  if (value.op === 'unset') return { layer, op: 'unset', name: value.name };
  if (value.op === 'set' && value.value !== undefined)
    return { layer, op: 'set', name: value.name, value: value.value as JsonValue };
  throw malformed('a variable change');
}

function malformed(what: string): Error {
  return new Error(`the sandbox's answer has ${what} that is not what it writes`);
}

export interface GuestOutcome {
  tests: TestResult[];
  console: ConsoleLine[];
  changes: VariableChange[];
  error?: { kind: 'syntax' | 'runtime'; name: string; message: string };
  nextRequest?: string | null;
  skipRequest?: boolean;
  stopRun?: boolean;
  request?: ScriptRequest;
  /** The script replaced a built-in the prelude relies on: the next script needs a new context. */
  tampered?: boolean;
}

/** The guest's finish(): throws a plain Error when it is not what the prelude writes. */
export function readGuestOutcome(json: string, request: ScriptRequest): GuestOutcome {
  const value: unknown = JSON.parse(json);
  if (
    !isFields(value) ||
    !Array.isArray(value.tests) ||
    !Array.isArray(value.console) ||
    !Array.isArray(value.changes)
  ) {
    throw malformed('a shape');
  }
  const out: GuestOutcome = {
    tests: value.tests.map(test),
    console: value.console.map(consoleLine),
    changes: value.changes.map(change),
  };
  if (isFields(value.error)) {
    out.error = {
      kind: value.error.kind === 'syntax' ? 'syntax' : 'runtime',
      name: String(value.error.name),
      message: String(value.error.message),
    };
  }
  if (value.nextRequest === null || typeof value.nextRequest === 'string') out.nextRequest = value.nextRequest;
  if (value.skipRequest === true) out.skipRequest = true;
  if (value.stopRun === true) out.stopRun = true;
  if (value.tampered === true) out.tampered = true;
  if (value.request !== undefined) {
    const changed = outgoing(value.request);
    if (!changed) throw malformed('a request');
    out.request = { id: request.id, name: request.name, ...changed };
  }
  return out;
}
