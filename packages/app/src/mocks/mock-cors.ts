import type { IncomingHttpHeaders } from 'node:http';
import { type MockAnswer, ownAnswer } from './mock-answer.js';

const ALLOW_ORIGIN = 'Access-Control-Allow-Origin';

/** How long a browser may reuse a preflight's answer before asking again. */
const PREFLIGHT_MAX_AGE_S = 600;

/** Whether this request's origin may read the mock's answers: any with `*`, else those listed. */
function originAllowed(origins: '*' | readonly string[], origin: string): boolean {
  return origins === '*' || origins.includes(origin);
}

/**
 * The CORS headers of an answer to a browser's request from another origin. The origin is echoed rather than
 * `*`, with credentials allowed, so a front end that sends cookies or an Authorization header can read the answer
 * too; `Vary: Origin` keeps caches from giving one origin's answer to another.
 */
export function corsHeaders(
  origins: '*' | readonly string[],
  headers: IncomingHttpHeaders,
  answer: MockAnswer,
): [string, string][] {
  const origin = headers.origin;
  // A preflight's answer carries its own.
  if (
    origin === undefined ||
    !originAllowed(origins, origin) ||
    answer.headers.some(([name]) => name === ALLOW_ORIGIN)
  ) {
    return [];
  }
  const exposed = answer.headers.map(([name]) => name).filter((name) => name.toLowerCase() !== 'content-type');
  return [
    [ALLOW_ORIGIN, origin],
    ['Access-Control-Allow-Credentials', 'true'],
    ['Vary', 'Origin'],
    ...(exposed.length === 0 ? [] : ([['Access-Control-Expose-Headers', exposed.join(', ')]] as [string, string][])),
  ];
}

/** Whether a request is a browser's preflight: OPTIONS asking, for an origin, whether a method may be sent. */
export function isPreflight(method: string, headers: IncomingHttpHeaders): boolean {
  return method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;
}

/**
 * The answer to a preflight: 204 allowing the method and headers asked for, or 403 for an origin the mock was not
 * opened to (the browser then keeps the request from being sent).
 */
export function preflightAnswer(origins: '*' | readonly string[], headers: IncomingHttpHeaders): MockAnswer {
  const origin = headers.origin ?? '';
  if (!originAllowed(origins, origin)) {
    return ownAnswer(403, {
      code: 'FORBIDDEN',
      message: `This mock answers browsers from ${Array.isArray(origins) ? origins.join(', ') : 'any origin'}, not ${origin}`,
    });
  }
  const method = String(headers['access-control-request-method']);
  const requested = headers['access-control-request-headers'];
  return {
    status: 204,
    headers: [
      [ALLOW_ORIGIN, origin],
      ['Access-Control-Allow-Credentials', 'true'],
      ['Access-Control-Allow-Methods', method],
      ...(requested === undefined ? [] : ([['Access-Control-Allow-Headers', requested]] as [string, string][])),
      ['Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S)],
      ['Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers'],
    ],
    body: Buffer.alloc(0),
    source: null,
  };
}
