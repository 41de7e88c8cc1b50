import type { Capability } from './capability.js';

export const httpClient: Capability = {
  name: 'http-client',
  summary: 'declarative typed HTTP clients that unwrap {code, data, msg} responses',
  module: 'start',
  dependencies: {},
  registration: { file: 'http-client/http-client-capability', exportName: 'httpClientCapability' },
};
