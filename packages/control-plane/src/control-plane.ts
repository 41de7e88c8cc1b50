import { controlPlanePorts, type Flavor } from '@client/core';
import { createTokenMatcher, helloProof } from '@client/local';
import type { AgentHandlers } from './agent-handlers.js';
import { buildAgentServer } from './agent-server.js';
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
  const imports = importerOf(options, limits);
  const app = buildAgentServer({
    handlers: options.handlers,
    importer: imports.importer,
    matchesToken: createTokenMatcher(options.token),
    proveHello: (nonce, port) => helloProof(options.token, nonce, port),
    tokenPath: options.tokenPath,
    flavor: options.flavor,
    version: options.version,
    limits,
    log,
  });

  const probe = await listenOnFirstFreePort(app, ports, CONTROL_PLANE_HOST);
  let status: ControlPlaneStatus;
  if (probe.port === null) {
    await app.close();
    await imports.close();
    status = { running: false, port: null, address: null, reason: downReason(ports, probe.refusals) };
  } else {
    status = { running: true, port: probe.port, address: `http://${CONTROL_PLANE_HOST}:${probe.port}`, reason: null };
  }

  let closing: Promise<void> | null = null;
  return {
    get status() {
      return status;
    },
    close() {
      closing ??= (async () => {
        if (!status.running) return;
        const cut = setTimeout(() => app.server.closeAllConnections(), limits.closeGraceMs);
        try {
          await app.close();
        } finally {
          clearTimeout(cut);
          status = { running: false, port: null, address: null, reason: 'the control plane was stopped' };
          await imports.close();
        }
      })();
      return closing;
    },
  };
}
