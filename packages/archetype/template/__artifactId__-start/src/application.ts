import type { AddressInfo } from 'node:net';
import { setTimeout } from 'node:timers/promises';

import fastifyCors, { type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { DestinationStream, Logger } from 'pino';

import { ResultCode } from '@__groupId__/__artifactId__-api';
import { SysUserAppService } from '@__groupId__/__artifactId__-application';
import { Database, SysUserGatewayImpl } from '@__groupId__/__artifactId__-infrastructure';

import { readAppInfo } from './app-info.js';
import type { CapabilityContext, StartedCapability } from './capability/capability-module.js';
import { INSTALLED_CAPABILITIES } from './capability/installed-capabilities.js';
import type { ApplicationConfig } from './config/application-config.js';
import { type LoadConfigOptions, loadConfig } from './config/load-config.js';
import { sysUserController } from './controller/sys-user-controller.js';
import { actuatorRoutes, type Lifecycle } from './health/actuator-routes.js';
import { componentLogger, createLogger } from './observability/logger.js';
import { type Metrics, startMetrics } from './observability/metrics.js';
import { startTracing } from './observability/tracing.js';
import { SysUserProvider } from './provider/sys-user-provider.js';
import { createWebServer, type WebServer } from './web/create-web-server.js';
import { openApiRoutes } from './web/openapi/openapi-routes.js';
import { RouteTable } from './web/route-table.js';
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
  /** Every route the server has, with its schema. */
  readonly routes: RouteTable;
  /** Stops taking requests, lets running ones finish, then closes the database and flushes traces. */
  close(): Promise<void>;
}

/** Applies the migrations not applied yet, unless `migrations.runAtStartup` leaves that to `npm run db:migrate`. */
async function migrate(database: Database, config: ApplicationConfig, logger: Logger): Promise<void> {
  if (!config.migrations.runAtStartup) return;
  const applied = await database.migrateToLatest();
  if (applied.length > 0) logger.info(`applied the migrations ${applied.join(', ')}`);
}

/** A capability may open the database its own way (read-write splitting); otherwise the datasource block. */
function connectDatabase(config: ApplicationConfig, logger: Logger): Promise<Database> {
  const opener = INSTALLED_CAPABILITIES.find((capability) => capability.connectDatabase);
  return opener?.connectDatabase ? opener.connectDatabase(config, logger) : Database.connect(config.datasource);
}

type Undo = () => Promise<unknown>;

/** At most `server.rateLimit.max` requests per client address and window; beyond, 429 in the unified shape. */
function rateLimitOptions(config: ApplicationConfig): RateLimitPluginOptions {
  const { max, timeWindow } = config.server.rateLimit;
  return {
    max,
    timeWindow,
    // Thrown, so the global error handler answers it in the unified shape like any other refusal.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`too many requests: at most ${context.max} in ${context.after}; try again later`), {
        statusCode: ResultCode.TOO_MANY_REQUESTS,
      }),
  };
}

/** CORS and request metrics, on every route, as the configuration asks (the security headers: createWebServer). */
async function registerOperationalPlugins(
  server: WebServer,
  routes: RouteTable,
  config: ApplicationConfig,
  metrics: Metrics,
) {
  const { cors } = config.server;
  if (cors.enabled) {
    // A preflight allows the methods the path's routes have (PUT and DELETE too), read when it comes: the routes
    // are registered after this plugin.
    const delegator: FastifyCorsOptionsDelegateCallback = (request, callback) => {
      const methods = routes.methodsFor(request.url.split('?')[0] ?? '');
      callback(null, { origin: cors.origins, credentials: cors.credentials, methods });
    };
    await server.register(fastifyCors, { delegator });
  }
  const { recordRequest } = metrics;
  // Only when metrics are on: a hook that does nothing still runs on every request.
  if (!recordRequest) return;
  server.addHook('onResponse', (request, reply, done) => {
    recordRequest({
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
}

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
  const metrics = startMetrics(config, info);
  const logger = createLogger(config, options.logDestination);
  const log = componentLogger(logger, config, 'Application');
  log.info(`tracing: ${tracing.mode}, OTLP export ${tracing.exporting ? 'on' : 'off'}`);

  // What start-up has opened so far, newest first: a failing step closes it all before the error propagates.
  const undo: Undo[] = [() => tracing.shutdown(), () => metrics.shutdown()];
  try {
    const database = await connectDatabase(config, logger);
    undo.unshift(() => database.close());
    await migrate(database, config, log);
    const users = new SysUserAppService(new SysUserGatewayImpl(database), database);
    const capabilities = await startCapabilities({ config, logger, database, users }, undo);

    const lifecycle: Lifecycle = { accepting: true };
    const routes = new RouteTable();
    const server = createWebServer({
      routes,
      logger,
      maxBodyBytes: config.server.maxBodyBytes,
      accessLog: config.server.accessLog.enabled,
      keepAliveTimeout: config.server.keepAliveTimeout,
      trustProxy: config.server.trustProxy,
      securityHeaders: config.server.securityHeaders.enabled,
      startServerSpan: tracing.startServerSpan,
    });
    undo.unshift(() => server.close());
    await registerOperationalPlugins(server, routes, config, metrics);
    await server.register(actuatorRoutes(database, lifecycle, config, info, metrics));
    if (config.openapi.enabled) {
      await server.register(
        openApiRoutes({
          routes,
          title: config.app.name,
          version: info.version,
          description: `The HTTP API of ${config.app.name} (${config.app.basePackage}).`,
          license: config.openapi.license,
          docs: config.openapi.docs.enabled,
        }),
      );
    }
    await server.register(async (api) => {
      // Only the API is limited: health checks and scrapes must get through whatever a client does.
      if (config.server.rateLimit.enabled) await api.register(fastifyRateLimit, rateLimitOptions(config));
      wrapResponses(api);
      for (const capability of capabilities) capability.apiHooks?.(api);
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
      routes,
      async close() {
        lifecycle.accepting = false;
        const { drainDelay, timeout } = config.server.shutdown;
        log.info(`shutting down: readiness is DOWN, serving ${drainDelay} ms more, then closing`);
        // The load balancer sees readiness DOWN on its next probe and stops sending; until then requests still come.
        await setTimeout(drainDelay);
        // Requests in flight get `timeout` ms; connections still open then are closed.
        const force = globalThis.setTimeout(() => server.server.closeAllConnections(), timeout);
        try {
          await server.close();
        } finally {
          clearTimeout(force);
        }
        for (const capability of capabilities.toReversed()) await capability.close?.();
        await database.close();
        await metrics.shutdown();
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
