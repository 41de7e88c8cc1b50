/** The reason phrases of the statuses an API commonly answers with (RFC 9110), for names like "404 Not Found". */
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** `200 OK`: the status with the phrase the server gave, else the usual one, else the number alone. */
export function statusLine(status: number, given = ''): string {
  const reason = given.trim() || REASONS[status];
  return reason === undefined ? String(status) : `${status} ${reason}`;
}

/** The colour class of a status: success, redirect, the client's mistake or the server's. */
export function statusTone(status: number): string {
  if (status >= 500) return 'status-server-error';
  if (status >= 400) return 'status-client-error';
  if (status >= 300) return 'status-redirect';
  return 'status-ok';
}
