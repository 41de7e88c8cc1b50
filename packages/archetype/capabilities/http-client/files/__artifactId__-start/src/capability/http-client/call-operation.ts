import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { z } from 'zod';

import { describeIssues } from './describe-issues.js';
import { logCall } from './log-call.js';
import type { CallOptions, OperationDefinition } from './operation-definition.js';
import type { PathParameterValue } from './path-template.js';
import { RemoteCallError } from './remote-call-error.js';
import { requestUrl } from './request-url.js';
import { type CallSite, unwrapResponse } from './unwrap-response.js';

/** One remote service as configured under `httpClient.clients.<name>`. */
export interface ClientSettings {
  /** The client's name; operations are logged and reported as `<name>.<operation>`. */
  readonly name: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly slowCallThresholdMs: number;
  readonly logger: Logger;
}

/** A client method's argument, as the types in `operation-definition.ts` shape it. */
export interface CallInput {
  readonly params?: Readonly<Record<string, PathParameterValue>>;
  readonly query?: unknown;
  readonly body?: unknown;
}

interface PreparedRequest {
  readonly url: string;
  /** The body as JSON text. */
  readonly body: string | undefined;
}

function validated(schema: z.ZodType | undefined, value: unknown, root: 'query' | 'body'): unknown {
  if (schema === undefined) return value;
  const checked = schema.safeParse(value);
  if (!checked.success) throw new TypeError(describeIssues(checked.error, root));
  return checked.data;
}

/** Builds the URL and body, or refuses the call (`request`) before anything is sent. */
function prepareRequest(
  settings: ClientSettings,
  site: CallSite,
  definition: OperationDefinition,
  input: CallInput,
): PreparedRequest {
  try {
    const query = validated(definition.query, input.query, 'query');
    const body = validated(definition.body, input.body, 'body');
    const url = requestUrl(settings.baseUrl, definition.path, input.params ?? {}, query);
    return { url, body: body === undefined ? undefined : JSON.stringify(body) };
  } catch (error) {
    throw new RemoteCallError(`not sent: ${(error as Error).message}`, { ...site, kind: 'request', cause: error });
  }
}

/** The reason a fetch failed, e.g. `connect ECONNREFUSED 127.0.0.1:8081` rather than undici's `fetch failed`. */
function networkFailure(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : String((error as Error).message ?? error);
}

async function exchange(
  site: CallSite,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  // Covers reading the body as well as waiting for the headers.
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(site.url, { ...init, signal });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (signal.aborted) {
      throw new RemoteCallError(`no answer within ${timeoutMs} ms`, {
        ...site,
        kind: 'remote',
        reason: 'timeout',
        cause: error,
      });
    }
    throw new RemoteCallError(`could not reach the remote service: ${networkFailure(error)}`, {
      ...site,
      kind: 'remote',
      reason: 'network',
      cause: error,
    });
  }
}

/**
 * Calls one operation inside a client span: the W3C `traceparent` of that span goes with the request, so the
 * callee's log lines carry the same trace id as the caller's. Resolves to the unwrapped `data`.
 */
export async function callOperation(
  settings: ClientSettings,
  operationName: string,
  definition: OperationDefinition,
  input: CallInput,
  options: CallOptions,
): Promise<unknown> {
  const { method } = definition;
  const operation = `${settings.name}.${operationName}`;
  const prepared = prepareRequest(settings, { operation, method, url: definition.path }, definition, input);
  const site: CallSite = { operation, method, url: prepared.url };
  // Looked up per call: the provider caches tracers, and a restarted SDK (tests) gets its own.
  const tracer = trace.getTracer('http-client');
  const attributes = { 'http.request.method': method, 'url.full': prepared.url };
  return tracer.startActiveSpan(`${method} ${definition.path}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (prepared.body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    propagation.inject(context.active(), headers);
    const startedAt = performance.now();
    let status: number | undefined;
    const record = () => {
      const ms = Math.round(performance.now() - startedAt);
      return { client: settings.name, operation, method, url: prepared.url, status, ms };
    };
    try {
      const answer = await exchange(site, { method, headers, body: prepared.body }, settings.timeoutMs);
      status = answer.status;
      span.setAttribute('http.response.status_code', status);
      const data = unwrapResponse(site, answer.status, answer.text, definition.data);
      logCall(settings.logger, settings.slowCallThresholdMs, record(), undefined);
      return data;
    } catch (error) {
      if (error instanceof RemoteCallError) {
        logCall(settings.logger, settings.slowCallThresholdMs, record(), error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: error.detail });
      }
      throw error;
    } finally {
      span.end();
    }
  });
}
