import { exportedRequest } from './exported-request.js';
import type { VariableLookup } from './template.js';
import type { CurlRequest } from './to-curl-command.js';

/** A Python string literal of any text: JSON's escapes are Python's, and Python reads its source as UTF-8. */
const literal = (text: string) => JSON.stringify(text);

/** `https://host:port` and the target after it (`/path?query`), as the request line carries it. */
function originAndTarget(url: string): [string, string] {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash < 0 ? [url, '/'] : [url.slice(0, slash), url.slice(slash)];
}

/**
 * The endpoint as a Python script on the standard library's `http.client`, which sends what the app sends:
 * the same target, every header line in order under its own name (a dict of headers would drop a repeat), a
 * Basic credential of the UTF-8 bytes, and the body's text as written. Null where `exportedRequest` is.
 */
export function toPythonCode(written: CurlRequest, lookup: VariableLookup): string | null {
  const request = exportedRequest(written, lookup);
  if (request === null) return null;
  const [origin, target] = originAndTarget(request.url);
  const { body } = request;
  const bodyLine =
    body === null
      ? []
      : [
          'file' in body
            ? `body = open(${literal(body.file)}, "rb").read()`
            : `body = ${literal(body.text)}.encode("utf-8")`,
        ];
  const lines = [
    'import http.client',
    'import urllib.parse',
    '',
    `origin = urllib.parse.urlsplit(${literal(origin)})`,
    ...bodyLine,
    '# Each header goes out as its own line, as written.',
    'headers = [',
    ...request.headers.map(({ key, value }) => `    (${literal(key)}, ${literal(value)}),`),
    ...(body !== null
      ? ['    ("Content-Length", str(len(body))),']
      : request.emptyLength
        ? ['    ("Content-Length", "0"),']
        : []),
    ']',
    'connect = http.client.HTTPSConnection if origin.scheme == "https" else http.client.HTTPConnection',
    'connection = connect(origin.netloc)',
    `connection.putrequest(${literal(request.method)}, ${literal(target)}, skip_accept_encoding=True)`,
    'for name, value in headers:',
    '    connection.putheader(name, value)',
    `connection.endheaders(${body === null ? '' : 'body'})`,
    'response = connection.getresponse()',
    'print(response.status, response.reason)',
    'print(response.read().decode("utf-8", "replace"))',
  ];
  return `${lines.join('\n')}\n`;
}
