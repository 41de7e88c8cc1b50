import { ROOT_CONTEXT, TraceFlags, trace } from '@opentelemetry/api';
import { AlwaysOffSampler, ParentBasedSampler, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';

import { unrecordedServerSpan } from './server-span.js';

const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

function callerContext(traceFlags: TraceFlags) {
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: CALLER_TRACE, spanId: CALLER_SPAN, traceFlags, isRemote: true });
}

const sampled = (probability: number) =>
  unrecordedServerSpan(new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(probability) }));

describe('unrecordedServerSpan', () => {
  it("opens a new span in the caller's trace, records nothing, and keeps the caller's sampling decision", () => {
    const start = sampled(0);
    const inSampledTrace = start(callerContext(TraceFlags.SAMPLED), 'GET');
    expect(inSampledTrace.isRecording()).toBe(false);
    expect(inSampledTrace.spanContext()).toMatchObject({ traceId: CALLER_TRACE, traceFlags: TraceFlags.SAMPLED });
    expect(inSampledTrace.spanContext().spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(inSampledTrace.spanContext().spanId).not.toBe(CALLER_SPAN);
    expect(sampled(1)(callerContext(TraceFlags.NONE), 'GET').spanContext().traceFlags).toBe(TraceFlags.NONE);
  });

  it('starts a new trace without a caller, sampled as the sampler decides', () => {
    const first = sampled(1)(ROOT_CONTEXT, 'GET').spanContext();
    const second = sampled(1)(ROOT_CONTEXT, 'GET').spanContext();
    expect(first.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.traceId).not.toBe(second.traceId);
    expect(first.traceFlags).toBe(TraceFlags.SAMPLED);
    expect(sampled(0)(ROOT_CONTEXT, 'GET').spanContext().traceFlags).toBe(TraceFlags.NONE);
    expect(unrecordedServerSpan(new AlwaysOffSampler())(ROOT_CONTEXT, 'GET').spanContext().traceFlags).toBe(
      TraceFlags.NONE,
    );
  });
});
