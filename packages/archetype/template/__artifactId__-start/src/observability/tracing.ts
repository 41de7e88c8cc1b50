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

export interface Tracing {
  /** `agent`: an OpenTelemetry agent loaded through NODE_OPTIONS owns tracing; `in-app`: this SDK does. */
  readonly mode: 'agent' | 'in-app';
  readonly exporting: boolean;
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
    return { mode: 'agent', exporting: false, shutdown: async () => {} };
  }
  const endpoint = config.management.otlp.tracing.endpoint;
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.app.name, [ATTR_SERVICE_VERSION]: info.version }),
    autoDetectResources: false,
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(config.management.tracing.sampling.probability),
    }),
    // A no-op processor still makes the SDK create spans, so log lines get ids while nothing is exported.
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
    shutdown: async () => {
      await sdk.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
