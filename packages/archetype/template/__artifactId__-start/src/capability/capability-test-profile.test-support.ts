import type { ApplicationConfig } from '../config/application-config.js';

/**
 * What a capability asks of the tests that start the service (`startTestApplication`): configuration to start it
 * with, and headers a client sends to be let in (with auth: a key the tests made, and tokens signed with it).
 */
export interface CapabilityTestProfile {
  /** Configuration in the shape of application.yaml, under each test's own overrides. */
  overrides(): Promise<Record<string, unknown>>;
  /** Headers with which a client of the service started with `config` may call every route. */
  clientHeaders(config: ApplicationConfig): Promise<Record<string, string>>;
}
