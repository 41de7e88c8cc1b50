import type { IncomingMessage, ServerResponse } from 'node:http';

import helmet from 'helmet';

/**
 * The security headers of every API answer: the set the OWASP REST Security Cheat Sheet asks of an API (the
 * content type is set with each body). Nothing of an answer may be cached, framed, sniffed as another type or
 * fetched over plain HTTP, and a JSON body opened in a browser tab may load nothing. helmet's other headers
 * (Cross-Origin-Opener-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control, …) tell a browser how to treat
 * an HTML page and the documents it opens; a JSON answer is none of those, so they stay with the pages.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * The security headers of a page a browser shows and of the files it loads (Swagger UI at `/docs`): helmet's
 * defaults, whose Content-Security-Policy lets the page run scripts and styles from this service only. A page
 * served over plain HTTP (`secure` false) goes without `upgrade-insecure-requests`: with it, a browser that opened
 * the page at a Docker host's or a cluster's address would fetch the page's scripts and `/openapi.json` over
 * HTTPS, which such an address does not serve, and show a blank page. Neither set depends on anything else of the
 * request, so each is worked out once, by running helmet against a response that only records them: helmet run
 * on each request spent longer building the same header values than the service spent on a page of users.
 */
export function pageSecurityHeaders(secure: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  const options = secure ? {} : { contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet's middlewares call on at once; one that waited would be one that looks at the request.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
