import { context, ProxyTracerProvider, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  BatchSpanProcessor,
  NoopSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

import type { AppInfo } from '../app-info.js';
import type { ApplicationConfig } from '../config/application-config.js';
import { recordedServerSpan, type StartServerSpan, unrecordedServerSpan } from './server-span.js';

export interface Tracing {
  /** `agent`: an OpenTelemetry agent loaded through NODE_OPTIONS owns tracing; `in-app`: this SDK does. */
  readonly mode: 'agent' | 'in-app';
  readonly exporting: boolean;
  /** How each incoming request gets its span: recorded while spans are exported, only its ids otherwise. */
  readonly startServerSpan: StartServerSpan;
  shutdown(): Promise<void>;
}

/**
 * Starts the in-app OpenTelemetry SDK: trace ids for every request, sampled at
 * `management.tracing.sampling.probability`, exported over OTLP/HTTP only when
 * `management.otlp.tracing.endpoint` is set. When an agent registered a tracer provider first (the Kubernetes
 * manifest), the SDK stays off: the agent's spans are used and only the agent exports.
 */
export function startTracing(config: ApplicationConfig, info: AppInfo): Tracing {
  if (!(trace.getTracerProvider() instanceof ProxyTracerProvider)) {
    return { mode: 'agent', exporting: false, startServerSpan: recordedServerSpan, shutdown: async () => {} };
  }
  const endpoint = config.management.otlp.tracing.endpoint;
  const sampler = new ParentBasedSampler({
    root: new TraceIdRatioBasedSampler(config.management.tracing.sampling.probability),
  });
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.app.name, [ATTR_SERVICE_VERSION]: info.version }),
    autoDetectResources: false,
    sampler,
    // Without an endpoint, spans of code that opens its own (an HTTP client's calls) go nowhere.
    spanProcessors: [
      endpoint ? new BatchSpanProcessor(new OTLPTraceExporter({ url: endpoint })) : new NoopSpanProcessor(),
    ],
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    mode: 'in-app',
    exporting: endpoint !== '',
    startServerSpan: endpoint ? recordedServerSpan : unrecordedServerSpan(sampler),
    shutdown: async () => {
      await sdk.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
