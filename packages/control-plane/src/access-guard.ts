import type { IncomingHttpHeaders } from 'node:http';
import { AppError, type Flavor } from '@client/core';
import { HELLO_PATH, loopbackHostOf, loopbackHostsText } from '@client/local';

export interface AccessPolicy {
  /** The port the control plane listens on; the only one a Host header may name. */
  port(): number;
  matchesToken(presented: string): boolean;
  tokenPath: string;
  flavor: Flavor;
}

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function presentedTokens(headers: IncomingHttpHeaders): string[] {
  const tokens: string[] = [];
  const bearer = BEARER.exec(single(headers.authorization) ?? '');
  if (bearer?.[1] !== undefined) tokens.push(bearer[1]);
  const agentToken = single(headers['x-agent-token'])?.trim();
  if (agentToken) tokens.push(agentToken);
  return tokens;
}

function checkHost(headers: IncomingHttpHeaders, port: number): AppError | null {
  if (loopbackHostOf(headers.host, port) !== null) return null;
  return new AppError(
    'FORBIDDEN',
    `the Host header must be ${loopbackHostsText(port)}; call the control plane at http://127.0.0.1:${port} directly, not through a proxy or another host name`,
  );
}

function checkToken(headers: IncomingHttpHeaders, url: string, policy: AccessPolicy): AppError | null {
  const tokens = presentedTokens(headers);
  if (tokens.some((token) => policy.matchesToken(token))) return null;
  const where = `the token is in ${policy.tokenPath}`;
  if (tokens.length > 0) {
    return new AppError(
      'UNAUTHORIZED',
      `the token does not match this install's token (${where}, flavor ${policy.flavor}); read that file again, and if it belongs to a different install delete agent-token and restart the app`,
    );
  }
  const hint = url.includes('?')
    ? ' (a token in the query string is not accepted)'
    : headers.authorization === undefined
      ? ''
      : ' (the Authorization header must use the Bearer scheme)';
  return new AppError(
    'UNAUTHORIZED',
    `missing token${hint}: send "Authorization: Bearer <token>" or "X-Agent-Token: <token>"; ${where}`,
  );
}

/**
 * The checks every request passes before routing, unknown paths included: loopback Host (DNS rebinding),
 * no Origin (browser pages), then the token — except on the hello, where a client that has not yet sent the
 * token asks the app to prove that it holds it.
 */
export function checkAccess(headers: IncomingHttpHeaders, url: string, policy: AccessPolicy): AppError | null {
  const hostError = checkHost(headers, policy.port());
  if (hostError !== null) return hostError;
  if (headers.origin !== undefined) {
    return new AppError(
      'FORBIDDEN',
      'requests from web pages are refused (an Origin header was sent); call the control plane from a local program or agent, not from a browser',
    );
  }
  if (url.split('?', 1)[0] === HELLO_PATH) return null;
  return checkToken(headers, url, policy);
}
