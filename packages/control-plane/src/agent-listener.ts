import { createServer, type Server } from 'node:http';
import { createClientErrorHandler } from './client-error.js';
import type { ControlPlaneLimits } from './limits.js';

/** Fastify's own default, kept now that the listener is made here. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The control plane's HTTP listener, with its deadlines and its answer to what is not HTTP from the moment it
 * listens. Its routes (agent-server.ts) are built once it listens (agent-routing.ts), so they are not made here.
 */
export function createAgentListener(limits: ControlPlaneLimits, log: (line: string) => void): Server {
  const server = createServer({
    // A request without Host gets the control plane's own 403 rather than Node's bare 400.
    requireHostHeader: false,
    headersTimeout: limits.headersTimeoutMs,
    // Node checks the header and request deadlines on this interval (30 s by default), so the deadlines hold to
    // within a second.
    connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4))),
  });
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Idle sockets (a client that stops reading the answer) are dropped; longer than the request deadline so that a
  // slow request still gets its 408 first.
  server.setTimeout(2 * limits.requestTimeoutMs);
  // A client may half-close its side once it has sent a request (`nc -N`, a script's shutdown(SHUT_WR)) and still
  // read the answer. Node's HTTP server aborts the request at that FIN unless `httpAllowHalfOpen` is set (not in
  // Node's documentation, but kept for the modules that use it); an import is answered only after a reader thread
  // has read it, by when the FIN has been seen, so such a client would get no answer at all.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('clientError', createClientErrorHandler(limits, log));
  return server;
}
