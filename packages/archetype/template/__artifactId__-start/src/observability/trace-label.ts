import { INVALID_SPAN_CONTEXT, trace } from '@opentelemetry/api';

/**
 * `<traceId>-<spanId>` of the active span. Outside a request (start-up, shutdown) there is none, and the
 * all-zero ids of the OpenTelemetry "invalid" context are written, so every line has the same shape.
 */
export function currentTraceLabel(): string {
  const spanContext = trace.getActiveSpan()?.spanContext() ?? INVALID_SPAN_CONTEXT;
  return `${spanContext.traceId}-${spanContext.spanId}`;
}
