import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Histogram } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

import type { AppInfo } from '../app-info.js';
import type { ApplicationConfig } from '../config/application-config.js';

/** One answered request, as `http.server.request.duration` records it. */
export interface RequestMeasurement {
  readonly method: string;
  /** The route's pattern (`/sys-users/:id`), never the raw path: one series per route, not per id. */
  readonly route: string | undefined;
  readonly status: number;
  readonly seconds: number;
}

export interface Metrics {
  /** Records one answered request; only when metrics are on, so a service without them spends nothing per request. */
  readonly recordRequest?: (measurement: RequestMeasurement) => void;
  /** Writes the Prometheus text of every metric; only when `management.metrics.prometheus.enabled`. */
  readonly scrape?: (request: IncomingMessage, response: ServerResponse) => void;
  shutdown(): Promise<void>;
}

/** OpenTelemetry's advice for `http.server.request.duration`, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/**
 * OpenTelemetry metrics read by Prometheus at `/actuator/prometheus` when `management.metrics.prometheus.enabled`
 * (the exporter serves through the service's own port rather than one of its own). Off, nothing is recorded.
 */
export function startMetrics(config: ApplicationConfig, info: AppInfo): Metrics {
  if (!config.management.metrics.prometheus.enabled) {
    return { shutdown: async () => {} };
  }
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const provider = new MeterProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.app.name, [ATTR_SERVICE_VERSION]: info.version }),
    readers: [exporter],
  });
  const duration: Histogram = provider.getMeter(config.app.name).createHistogram('http.server.request.duration', {
    description: 'Duration of HTTP server requests',
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  return {
    recordRequest: ({ method, route, status, seconds }) =>
      duration.record(seconds, {
        'http.request.method': method,
        'http.response.status_code': status,
        ...(route ? { 'http.route': route } : {}),
      }),
    scrape: (request, response) => exporter.getMetricsRequestHandler(request, response),
    shutdown: () => provider.shutdown(),
  };
}
