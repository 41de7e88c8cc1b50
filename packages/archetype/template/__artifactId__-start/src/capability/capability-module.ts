import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';

import type { SysUserAppService } from '@__groupId__/__artifactId__-application';
import type { Database } from '@__groupId__/__artifactId__-infrastructure';

import type { ApplicationConfig } from '../config/application-config.js';

/** What a capability is given when the service starts. */
export interface CapabilityContext {
  /** The whole configuration; a capability reads and validates its own top-level section. */
  readonly config: ApplicationConfig;
  readonly logger: Logger;
  readonly database: Database;
  readonly users: SysUserAppService;
}

export interface StartedCapability {
  /**
   * Called with the API's scope before any API route is registered (the sample's, a resource's, a capability's),
   * so the hooks it adds there see every one of them: how auth puts its check on the routes its rules name.
   */
  apiHooks?(api: FastifyInstance): void;
  /** Registered beside the sample controllers, so its answers get the unified response too. */
  readonly routes?: FastifyPluginAsyncZod;
  /** Called on shutdown, before the database closes. */
  close?(): Promise<void>;
}

/**
 * An optional capability added with `archetype add <name>`: a module of this project that hooks into the
 * composition root (`application.ts`) through this interface only.
 */
export interface CapabilityModule {
  readonly name: string;
  /** Opens the database instead of `Database.connect` (read-write splitting); at most one capability does. */
  connectDatabase?(config: ApplicationConfig, logger: Logger): Promise<Database>;
  start?(context: CapabilityContext): Promise<StartedCapability>;
}
