import type { IncomingMessage, ServerResponse } from 'node:http';

import { context, propagation, SpanStatusCode, trace } from '@opentelemetry/api';

import { recordedServerSpan, type StartServerSpan } from '../observability/server-span.js';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Runs each request inside a server span, continuing the caller's trace when it sends `traceparent`. Every
 * hook, handler and log line of the request sees the span through OpenTelemetry's AsyncLocalStorage context,
 * the Node counterpart of a thread-local. An agent's HTTP instrumentation, when loaded, has already opened
 * the span; it is used as it is.
 */
export function traceRequests(
  listener: RequestListener,
  startServerSpan: StartServerSpan = recordedServerSpan,
): RequestListener {
  return (request, response) => {
    if (trace.getActiveSpan()) {
      listener(request, response);
      return;
    }
    const parent = propagation.extract(context.active(), request.headers);
    const span = startServerSpan(parent, request.method);
    // A span that records nothing has nothing to end.
    if (span.isRecording()) {
      response.once('close', () => {
        span.setAttribute('http.response.status_code', response.statusCode);
        if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
    }
    context.with(trace.setSpan(parent, span), () => listener(request, response));
  };
}
