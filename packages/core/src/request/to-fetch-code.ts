import { exportedRequest, namesFramingHeader } from './exported-request.js';
import type { VariableLookup } from './template.js';
import type { CurlRequest } from './to-curl-command.js';
import { jsLiteral } from './to-node-code.js';

/** Methods `fetch` refuses to send. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * The endpoint as JavaScript on `fetch`, run with Node.js, which sends what the app sends but for what `fetch`
 * itself decides, said in the code: a header named twice goes out once with the values joined by ", " (which
 * RFC 9110 §5.3 makes the same field), and fetch adds Accept, Accept-Language, Accept-Encoding and Sec-Fetch-Mode
 * of its own. The body is bytes, so fetch adds no Content-Type to it. Null where `exportedRequest` is, for a body
 * on a GET or HEAD, for a method fetch forbids, and for a header fetch writes itself (Host, Content-Length…).
 */
export function toFetchCode(written: CurlRequest, lookup: VariableLookup): string | null {
  const request = exportedRequest(written, lookup);
  if (request === null || FORBIDDEN_METHODS.has(request.method)) return null;
  if (request.body !== null && (request.method === 'GET' || request.method === 'HEAD')) return null;
  if (namesFramingHeader(request, ['sec-fetch-mode'])) return null;
  const { body } = request;
  const bodyLines =
    body === null
      ? request.emptyLength
        ? ['// An empty body, so that fetch says Content-Length: 0 as the app does.', 'const body = new Uint8Array();']
        : []
      : 'file' in body
        ? [`const body = await readFile(${jsLiteral(body.file)});`]
        : [`const body = new TextEncoder().encode(${jsLiteral(body.text)});`];
  const lines = [
    ...(body !== null && 'file' in body ? ["import { readFile } from 'node:fs/promises';", ''] : []),
    ...bodyLines,
    '// fetch joins the values of a header named twice with ", " into one line, and adds Accept, Accept-Language,',
    '// Accept-Encoding and Sec-Fetch-Mode of its own.',
    'const headers = new Headers();',
    ...request.headers.map(({ key, value }) => `headers.append(${jsLiteral(key)}, ${jsLiteral(value)});`),
    `const response = await fetch(${jsLiteral(request.url)}, {`,
    `  method: ${jsLiteral(request.method)},`,
    '  headers,',
    ...(bodyLines.length === 0 ? [] : ['  body,']),
    '});',
    'console.log(response.status, response.statusText);',
    'console.log(await response.text());',
  ];
  return `${lines.join('\n')}\n`;
}
