import { controlPlanePorts, type Flavor } from '@client/core';
import { createTokenMatcher, helloProof } from '@client/local';
import type { AgentHandlers } from './agent-handlers.js';
import { createAgentListener } from './agent-listener.js';
import { routeAgentRequests } from './agent-routing.js';
import { type BodyImporter, savingOnThisThread } from './body-importer.js';
import { startImportReaderPool } from './import-reader-pool.js';
import { startImportWriterPool } from './import-writer-pool.js';
import { type ControlPlaneLimits, DEFAULT_LIMITS } from './limits.js';
import { listenOnFirstFreePort } from './port-probe.js';
import type { ImportReader } from './read-import.js';
import type { EndpointImportedEvent } from './store-handlers.js';

/** The control plane binds this address and no other. */
export const CONTROL_PLANE_HOST = '127.0.0.1';

export interface ControlPlaneOptions {
  handlers: AgentHandlers;
  /** The install's token; every request must carry it. */
  token: string;
  /** Where the token lives, named in 401 messages so an agent knows what to read. */
  tokenPath: string;
  flavor: Flavor;
  /** The app version `GET /agent/health` reports. */
  version: string;
  /** Ports tried in order; 4110–4129 unless given (tests use ephemeral ones). */
  ports?: readonly number[];
  limits?: Partial<ControlPlaneLimits>;
  /**
   * Agents' imports read, parsed and saved on threads of the control plane's own, each with a connection to this
   * SQLite file, instead of `handlers.importCurl` on this thread (the app's choice: see import-writer-pool.ts).
   */
  importThreads?: { databasePath: string; onEndpointImported?: (event: EndpointImportedEvent) => void };
  /**
   * Without `importThreads`: how import bodies are read and their commands parsed before `handlers.importCurl`
   * saves them here; on reader threads the control plane starts and ends, unless given.
   */
  reader?: ImportReader;
  /** Receives one human-readable line per request (never headers, bodies, query strings or the token). */
  log?: (line: string) => void;
}

export type ControlPlaneStatus =
  | { running: true; port: number; address: string; reason: null }
  | { running: false; port: null; address: null; reason: string };

export interface ControlPlane {
  readonly status: ControlPlaneStatus;
  /**
   * Builds the routes now; otherwise the first request that needs them does (until then the listener answers
   * health checks itself). The app asks once its window's server has started. Resolves once they answer.
   */
  buildRoutes(): Promise<void>;
  /**
   * Stops accepting, lets in-flight requests finish (bounded by `closeGraceMs`), then closes and ends its reader
   * threads. Idempotent.
   */
  close(): Promise<void>;
}

function describePorts(ports: readonly number[]): string {
  const first = ports[0];
  const last = ports[ports.length - 1];
  return first === last
    ? `port ${first} on ${CONTROL_PLANE_HOST} is`
    : `ports ${first}–${last} on ${CONTROL_PLANE_HOST} are all`;
}

function downReason(ports: readonly number[], refusals: readonly { code: string }[]): string {
  if (refusals.every((refusal) => refusal.code === 'EADDRINUSE')) {
    return `${describePorts(ports)} in use by other programs; free one of them and restart the app`;
  }
  return `${describePorts(ports)} unavailable (${[...new Set(refusals.map((refusal) => refusal.code))].join(', ')}); free one of them and restart the app`;
}

/** How the import route saves bodies, and how to end the threads it started for that. */
function importerOf(
  options: ControlPlaneOptions,
  limits: ControlPlaneLimits,
): { importer: BodyImporter; close(): Promise<void> } {
  // At most that many imports are in progress at once, so a pool never refuses one the control plane let in.
  const maxWaiting = limits.maxConcurrentRequests;
  if (options.importThreads !== undefined) {
    const pool = startImportWriterPool({ ...options.importThreads, maxWaiting });
    return { importer: pool, close: () => pool.close() };
  }
  if (options.reader !== undefined) {
    return { importer: savingOnThisThread(options.reader, options.handlers), close: async () => {} };
  }
  const pool = startImportReaderPool({ maxWaiting });
  return { importer: savingOnThisThread(pool, options.handlers), close: () => pool.close() };
}

/**
 * Starts the control plane on the first free port. When none is free it does not throw: the app keeps
 * running and the returned status says why the control plane is down.
 */
export async function startControlPlane(options: ControlPlaneOptions): Promise<ControlPlane> {
  const limits: ControlPlaneLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const ports = options.ports ?? controlPlanePorts();
  const log = options.log ?? (() => {});
  const server = createAgentListener(limits, log);
  const probe = await listenOnFirstFreePort(server, ports, CONTROL_PLANE_HOST);
  if (probe.port === null) {
    const status: ControlPlaneStatus = {
      running: false,
      port: null,
      address: null,
      reason: downReason(ports, probe.refusals),
    };
    return { status, buildRoutes: async () => {}, close: async () => {} };
  }
  const { port } = probe;
  const policy = {
    port: () => port,
    matchesToken: createTokenMatcher(options.token),
    tokenPath: options.tokenPath,
    flavor: options.flavor,
  };
  let imports: ReturnType<typeof importerOf> | null = null;
  let closing: Promise<void> | null = null;
  const routing = routeAgentRequests(server, {
    policy,
    version: options.version,
    log,
    async build() {
      // Routes built once closing has begun would never be closed.
      if (closing !== null) throw new Error('the control plane is stopping');
      // Loaded when first needed: Fastify and its plugins are most of the control plane's code.
      const { buildAgentServer } = await import('./agent-server.js');
      imports = importerOf(options, limits);
      const built = buildAgentServer({
        server,
        policy,
        handlers: options.handlers,
        importer: imports.importer,
        proveHello: (nonce) => helloProof(options.token, nonce, port),
        version: options.version,
        limits,
        log,
      });
      await built.app.ready();
      return built;
    },
  });

  let status: ControlPlaneStatus = {
    running: true,
    port,
    address: `http://${CONTROL_PLANE_HOST}:${port}`,
    reason: null,
  };
  return {
    get status() {
      return status;
    },
    async buildRoutes() {
      await routing.build();
    },
    close() {
      closing ??= (async () => {
        const cut = setTimeout(() => server.closeAllConnections(), limits.closeGraceMs);
        try {
          const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          // Routes still being built are built before they are closed, so nothing they start outlives the app.
          const routes = await routing.built?.catch(() => null);
          await routes?.app.close();
          await stopped;
        } finally {
          clearTimeout(cut);
          status = { running: false, port: null, address: null, reason: 'the control plane was stopped' };
          await imports?.close();
        }
      })();
      return closing;
    },
  };
}
