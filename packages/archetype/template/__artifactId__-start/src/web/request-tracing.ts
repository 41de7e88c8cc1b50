import type { IncomingMessage, ServerResponse } from 'node:http';

import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Runs each request inside a server span, continuing the caller's trace when it sends `traceparent`. Every
 * hook, handler and log line of the request sees the span through OpenTelemetry's AsyncLocalStorage context,
 * the Node counterpart of a thread-local. An agent's HTTP instrumentation, when loaded, has already opened
 * the span; it is used as it is.
 */
export function traceRequests(listener: RequestListener): RequestListener {
  return (request, response) => {
    if (trace.getActiveSpan()) {
      listener(request, response);
      return;
    }
    const parent = propagation.extract(context.active(), request.headers);
    // Looked up per request: the provider caches tracers, and a restarted SDK (tests) gets its own.
    const span = trace
      .getTracer('http-server')
      .startSpan(
        `${request.method ?? 'HTTP'}`,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method ?? '' } },
        parent,
      );
    response.once('close', () => {
      span.setAttribute('http.response.status_code', response.statusCode);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), () => listener(request, response));
  };
}
