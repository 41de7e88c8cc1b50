import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';

import type { DestinationStream, Logger } from 'pino';

import { SysUserAppService } from '@__groupId__/__artifactId__-application';
import { Database, SysUserGatewayImpl, sqlPlatform } from '@__groupId__/__artifactId__-infrastructure';

import { readAppInfo } from './app-info.js';
import type { CapabilityContext, StartedCapability } from './capability/capability-module.js';
import { INSTALLED_CAPABILITIES } from './capability/installed-capabilities.js';
import type { ApplicationConfig } from './config/application-config.js';
import { CONFIG_DIR, type LoadConfigOptions, loadConfig } from './config/load-config.js';
import { sysUserController } from './controller/sys-user-controller.js';
import { actuatorRoutes, type Lifecycle } from './health/actuator-routes.js';
import { componentLogger, createLogger } from './observability/logger.js';
import { startTracing } from './observability/tracing.js';
import { SysUserProvider } from './provider/sys-user-provider.js';
import { createWebServer } from './web/create-web-server.js';
import { wrapResponses } from './web/unified-response.js';

export interface StartOptions extends LoadConfigOptions {
  /** Where log lines go instead of stdout. */
  readonly logDestination?: DestinationStream;
}

export interface RunningApplication {
  readonly config: ApplicationConfig;
  /** `http://localhost:<port>` */
  readonly url: string;
  readonly logger: Logger;
  readonly sysUserProvider: SysUserProvider;
  /** Stops taking requests, lets running ones finish, then closes the database and flushes traces. */
  close(): Promise<void>;
}

/** `schema.sql` for SQLite, `schema-<platform>.sql` for a server database; `sql.init.mode` says when. */
async function initializeSchema(database: Database, config: ApplicationConfig, logger: Logger): Promise<void> {
  const mode = config.sql.init.mode;
  if (mode === 'never' || (mode === 'embedded' && database.driver !== 'better-sqlite3')) return;
  const platform = sqlPlatform(database.driver);
  const file = platform === 'sqlite' ? 'schema.sql' : `schema-${platform}.sql`;
  await database.runScript(await readFile(new URL(file, CONFIG_DIR), 'utf8'));
  logger.info(`initialised the ${platform} database from ${file}`);
}

/** A capability may open the database its own way (read-write splitting); otherwise the datasource block. */
function connectDatabase(config: ApplicationConfig, logger: Logger): Promise<Database> {
  const opener = INSTALLED_CAPABILITIES.find((capability) => capability.connectDatabase);
  return opener?.connectDatabase ? opener.connectDatabase(config, logger) : Database.connect(config.datasource);
}

type Undo = () => Promise<unknown>;

/** Starts each capability; `undo` gains the close of each one started, so a failed start-up can close them. */
async function startCapabilities(context: CapabilityContext, undo: Undo[]): Promise<StartedCapability[]> {
  const started: StartedCapability[] = [];
  for (const capability of INSTALLED_CAPABILITIES) {
    if (!capability.start) continue;
    const running = await capability.start(context);
    started.push(running);
    if (running.close) undo.unshift(() => running.close?.() ?? Promise.resolve());
  }
  return started;
}

/** The composition root: reads the configuration, wires every layer together and starts listening. */
export async function startApplication(options: StartOptions = {}): Promise<RunningApplication> {
  const startedAt = performance.now();
  const config = await loadConfig(options);
  const info = readAppInfo();
  const tracing = startTracing(config, info);
  const logger = createLogger(config, options.logDestination);
  const log = componentLogger(logger, config, 'Application');
  log.info(`tracing: ${tracing.mode}, OTLP export ${tracing.exporting ? 'on' : 'off'}`);

  // What start-up has opened so far, newest first: a failing step closes it all before the error propagates.
  const undo: Undo[] = [() => tracing.shutdown()];
  try {
    const database = await connectDatabase(config, logger);
    undo.unshift(() => database.close());
    await initializeSchema(database, config, log);
    const users = new SysUserAppService(new SysUserGatewayImpl(database), database);
    const capabilities = await startCapabilities({ config, logger, database, users }, undo);

    const lifecycle: Lifecycle = { accepting: true };
    const server = createWebServer({
      logger,
      maxBodyBytes: config.server.maxBodyBytes,
      accessLog: config.server.accessLog.enabled,
    });
    undo.unshift(() => server.close());
    await server.register(actuatorRoutes(database, lifecycle, config, info));
    await server.register(async (api) => {
      wrapResponses(api);
      await api.register(sysUserController(users));
      for (const capability of capabilities) if (capability.routes) await api.register(capability.routes);
    });
    await server.listen({ host: config.server.host, port: config.server.port });
    const { port } = server.server.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    log.info(`started ${config.app.name} ${info.version} on ${url} in ${Math.round(performance.now() - startedAt)} ms`);

    return {
      config,
      url,
      logger,
      sysUserProvider: new SysUserProvider(users),
      async close() {
        lifecycle.accepting = false;
        log.info('shutting down');
        await server.close();
        for (const capability of capabilities.toReversed()) await capability.close?.();
        await database.close();
        await tracing.shutdown();
        logger.flush();
      },
    };
  } catch (error) {
    // The start-up error is the one worth reporting; a failure while closing after it would only hide it.
    for (const step of undo) await step().catch(() => undefined);
    throw error;
  }
}
