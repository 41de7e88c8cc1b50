import { componentLogger } from '../../observability/logger.js';
import type { CapabilityModule } from '../capability-module.js';
import { readHttpClientConfig } from './http-client-config.js';

/**
 * Checks the `httpClient` section when the service starts, so a wrong base URL stops the start instead of
 * failing the first call, and logs which remote services are configured. Clients are made where they are used,
 * with `createHttpClients(config, logger).create(name, operations)`.
 */
export const httpClientCapability: CapabilityModule = {
  name: 'http-client',
  async start({ config, logger }) {
    const { clients, slowCallThresholdMs } = readHttpClientConfig(config);
    const configured = Object.entries(clients).map(([name, client]) => `${name} → ${client.baseUrl}`);
    componentLogger(logger, config, 'HttpClient').info(
      `http clients: ${configured.join(', ') || 'none'}; calls over ${slowCallThresholdMs} ms are logged as slow`,
    );
    return {};
  },
};
