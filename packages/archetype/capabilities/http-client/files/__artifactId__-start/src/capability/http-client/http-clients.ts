import type { Logger } from 'pino';

import type { ApplicationConfig } from '../../config/application-config.js';
import { componentLogger } from '../../observability/logger.js';
import { createHttpClient } from './create-http-client.js';
import { readHttpClientConfig } from './http-client-config.js';
import type { HttpClient, OperationDefinitions } from './operation-definition.js';

/** Makes the typed client of a remote service configured under `httpClient.clients.<name>`. */
export interface HttpClients {
  create<const Operations extends OperationDefinitions>(name: string, operations: Operations): HttpClient<Operations>;
}

/** The clients of the services named in `application.yaml`; every call logs through `<basePackage>.HttpClient`. */
export function createHttpClients(config: ApplicationConfig, logger: Logger): HttpClients {
  const { slowCallThresholdMs, clients } = readHttpClientConfig(config);
  const log = componentLogger(logger, config, 'HttpClient');
  return {
    create(name, operations) {
      const client = Object.hasOwn(clients, name) ? clients[name] : undefined;
      if (client === undefined) {
        const known = Object.keys(clients).join(', ') || 'none';
        throw new Error(`no client "${name}" under httpClient.clients in application.yaml (configured: ${known})`);
      }
      return createHttpClient(operations, { name, ...client, slowCallThresholdMs, logger: log });
    },
  };
}
