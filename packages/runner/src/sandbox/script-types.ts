/** What the script sandbox takes and gives: the host API, independent of the store and of the sending engine. */

import type { EndpointBody, KeyValue, StreamEvent } from '@client/core';

/** A variable's value as scripts keep it (Postman and Bruno keep numbers, booleans and objects as they are). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The request a script sees: the URL as written, `{{vars}}` unresolved. */
export interface ScriptRequest {
  id: string;
  name: string;
  method: string;
  url: string;
  headers: KeyValue[];
  body: EndpointBody;
}

/** The response a post-response script sees; `status` is the reason text, `size` the body's bytes. */
export interface ScriptResponse {
  code: number;
  status: string;
  headers: KeyValue[];
  body: string;
  responseTime: number;
  size: number;
  /** A streamed answer's events (server-sent events, NDJSON): `pm.response.events`, Bruno's `res.events`. */
  events?: StreamEvent[];
}

/** What `pm.sendRequest` / `bru.sendRequest` ask the host to send. */
export type OutgoingScriptRequest = Omit<ScriptRequest, 'id' | 'name'>;

/**
 * The host's sender for `pm.sendRequest` and `bru.sendRequest`. A rejection reaches the script as the error of its
 * callback (or of its promise); `signal` aborts when the script's time is up.
 */
export type SendRequestHost = (request: OutgoingScriptRequest, signal: AbortSignal) => Promise<ScriptResponse>;

/** Pre-request scripts run before the request is sent, test (post-response) scripts after its answer. */
export type ScriptEvent = 'prerequest' | 'test';

/** Where the script runs in the run, as `pm.info` tells it. Iterations count from 0, as newman's do. */
export interface ScriptRunInfo {
  iteration: number;
  iterationCount: number;
}

export interface TestResult {
  name: string;
  passed: boolean;
  skipped?: boolean;
  error?: { name: string; message: string };
}

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

export interface ConsoleLine {
  level: ConsoleLevel;
  text: string;
}

/** A failure of the script itself (not of one of its tests). */
export interface ScriptError {
  kind: 'syntax' | 'runtime' | 'timeout' | 'memory';
  message: string;
}

/** The variable layers, highest precedence last-but-one: local > iterationData > environment > collection > globals. */
export type VariableLayer = 'globals' | 'collection' | 'environment' | 'iterationData' | 'local';

/** A change a script made to a layer; `clear` empties the layer. */
export type VariableChange =
  | { layer: VariableLayer; op: 'set'; name: string; value: JsonValue }
  | { layer: VariableLayer; op: 'unset'; name: string }
  | { layer: VariableLayer; op: 'clear' };

export interface ScriptResult {
  /** Every test in the order the script declared it, legacy `tests[...]` entries last. */
  tests: TestResult[];
  /** Pre-request scripts: the request as the script left it (changed or not). */
  request?: ScriptRequest;
  /** Set by `pm.execution.setNextRequest`, `postman.setNextRequest` or `bru.setNextRequest`; null ends the iteration. */
  nextRequest?: string | null;
  /** `pm.execution.skipRequest()` or `bru.runner.skipRequest()` in a pre-request script. */
  skipRequest?: boolean;
  /** `bru.runner.stopExecution()`. */
  stopRun?: boolean;
  console: ConsoleLine[];
  /** The changes applied to the run's variables, in order. */
  variableChanges: VariableChange[];
  error?: ScriptError;
  /** Wall time of the script, async work included. */
  durationMs: number;
}
