import { type ExportedRequest, exportedRequest } from './exported-request.js';
import type { VariableLookup } from './template.js';
import type { CurlRequest } from './to-curl-command.js';

/** A JavaScript string literal of any text (JSON's escapes are valid JavaScript). */
export const jsLiteral = (text: string) => JSON.stringify(text);

function bodyExpression(body: ExportedRequest['body']): string | null {
  if (body === null) return null;
  return 'file' in body ? `readFileSync(${jsLiteral(body.file)})` : `Buffer.from(${jsLiteral(body.text)}, 'utf8')`;
}

/**
 * The endpoint as a Node.js script on `node:http`, which sends what the app sends: the same URL, every header
 * line in order under its own name (a repeated header stays two lines, which `fetch` would join), a Basic
 * credential of the UTF-8 bytes, and the body's text as written. Null where `exportedRequest` is.
 */
export function toNodeCode(written: CurlRequest, lookup: VariableLookup): string | null {
  const request = exportedRequest(written, lookup);
  if (request === null) return null;
  const body = bodyExpression(request.body);
  const lines = [
    ...(request.body !== null && 'file' in request.body ? ["import { readFileSync } from 'node:fs';"] : []),
    "import { request } from 'node:http';",
    "import { request as requestTls } from 'node:https';",
    '',
    `const url = new URL(${jsLiteral(request.url)});`,
    ...(body === null ? [] : [`const body = ${body};`]),
    '// Name, value, name, value…: each header goes out as its own line, as written.',
    'const headers = [',
    ...request.headers.map(({ key, value }) => `  ${jsLiteral(key)}, ${jsLiteral(value)},`),
    ...(body !== null
      ? ["  'Content-Length', String(body.length),"]
      : request.emptyLength
        ? ["  'Content-Length', '0',"]
        : []),
    '];',
    `const send = url.protocol === 'https:' ? requestTls : request;`,
    `const outgoing = send(url, { method: ${jsLiteral(request.method)}, headers }, (response) => {`,
    '  console.log(response.statusCode, response.statusMessage);',
    '  response.pipe(process.stdout);',
    '});',
    `outgoing.end(${body === null ? '' : 'body'});`,
  ];
  return `${lines.join('\n')}\n`;
}
