import { INVALID_SPAN_CONTEXT, isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * `<traceId>-<spanId>` of the active span. Outside a request (start-up, shutdown) there is none, and the
 * all-zero ids of the OpenTelemetry "invalid" context are written, so every line has the same shape.
 */
export function currentTraceLabel(): string {
  const spanContext = trace.getActiveSpan()?.spanContext() ?? INVALID_SPAN_CONTEXT;
  return `${spanContext.traceId}-${spanContext.spanId}`;
}

/** The trace id of the active span, for an error body; undefined outside a request. */
export function currentTraceId(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** The W3C `traceparent` of the active span, echoed to the caller; undefined outside a request. */
export function currentTraceparent(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return undefined;
  const flags = spanContext.traceFlags.toString(16).padStart(2, '0');
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}
