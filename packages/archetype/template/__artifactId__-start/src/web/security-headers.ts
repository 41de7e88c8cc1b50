import type { IncomingMessage, ServerResponse } from 'node:http';

import helmet from 'helmet';

/**
 * The headers helmet sets with its defaults: Content-Security-Policy, Strict-Transport-Security,
 * X-Content-Type-Options and the rest. None of them depends on the request, so they are worked out once, by
 * running helmet against a response that only records them, and every answer copies the result: helmet run on
 * each request spent longer building the same header values than the service spent on a page of users.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
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
  helmet()({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet's middlewares call on at once; one that waited would be one that looks at the request.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
