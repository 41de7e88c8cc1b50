import { type Context, isSpanContextValid, type Span, SpanKind, TraceFlags, trace } from '@opentelemetry/api';
import { RandomIdGenerator, type Sampler, SamplingDecision } from '@opentelemetry/sdk-trace-base';

/** Opens the span of one incoming request under `parent`, which holds the caller's trace if it sent one. */
export type StartServerSpan = (parent: Context, method: string | undefined) => Span;

function attributesOf(method: string | undefined) {
  return { 'http.request.method': method ?? '' };
}

/**
 * A span recorded by the SDK, for an exporter to send. The tracer is looked up per request: the provider caches
 * tracers, and a restarted SDK (tests) gets its own.
 */
export const recordedServerSpan: StartServerSpan = (parent, method) =>
  trace
    .getTracer('http-server')
    .startSpan(method ?? 'HTTP', { kind: SpanKind.SERVER, attributes: attributesOf(method) }, parent);

/**
 * The ids of a server span without recording one, for when nothing exports spans: a new span id in the
 * caller's trace (or in a new trace), sampled by `sampler` as the SDK decides for a span it records. Log lines,
 * `traceparent` answers, error bodies and outgoing calls carry the same ids and flags as with a recorded span;
 * recording a span that no exporter reads cost about a tenth of a page request.
 */
export function unrecordedServerSpan(sampler: Sampler): StartServerSpan {
  const ids = new RandomIdGenerator();
  return (parent, method) => {
    const caller = trace.getSpanContext(parent);
    const inCallersTrace = caller !== undefined && isSpanContextValid(caller);
    const traceId = inCallersTrace ? caller.traceId : ids.generateTraceId();
    const sampling = sampler.shouldSample(parent, traceId, method ?? 'HTTP', SpanKind.SERVER, attributesOf(method), []);
    return trace.wrapSpanContext({
      traceId,
      spanId: ids.generateSpanId(),
      traceFlags: sampling.decision === SamplingDecision.RECORD_AND_SAMPLED ? TraceFlags.SAMPLED : TraceFlags.NONE,
      traceState: sampling.traceState ?? (inCallersTrace ? caller.traceState : undefined),
    });
  };
}
