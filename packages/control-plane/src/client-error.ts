import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ControlPlaneLimits } from './limits.js';

/**
 * Answers what Node rejects before there is a request to route (a deadline missed, headers too large,
 * not HTTP at all) in the control plane's `{code, message}` shape, then closes the connection.
 */
export function createClientErrorHandler(
  limits: ControlPlaneLimits,
  log: (line: string) => void,
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = timeout ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const message = timeout
      ? `the request did not arrive in time (headers within ${limits.headersTimeoutMs} ms, the whole request within ${limits.requestTimeoutMs} ms); send it again in one go`
      : status === 431
        ? 'the request headers are too large; send only the headers the control plane needs'
        : 'the request is not valid HTTP/1.1; send a plain HTTP request';
    const body = JSON.stringify({ code: 'VALIDATION', message });
    log(`connection closed: ${timeout ? 'request timed out' : `malformed request (${error.code ?? 'unknown'})`}`);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
