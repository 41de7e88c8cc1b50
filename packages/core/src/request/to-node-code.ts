import type { KeyValue } from '../model.js';
import { withoutDisabledRows } from './enabled-rows.js';
import { headersToSend } from './request-shape.js';
import { basicCredential, formField, requestUrl } from './sent-text.js';
import { resolveTemplate, type VariableLookup } from './template.js';
import type { CurlRequest } from './to-curl-command.js';

/** A JavaScript string literal of any text (JSON's escapes are valid JavaScript). */
const literal = (text: string) => JSON.stringify(text);

/** The body as the script writes it: an expression giving its bytes, or null for none. */
function bodyExpression(request: CurlRequest, lookup: VariableLookup): string | null {
  const { body } = request;
  switch (body.mode) {
    case 'json':
    case 'text':
      // The text as written: parsing and re-serialising JSON would turn 1.50 into 1.5.
      return `Buffer.from(${literal(resolveTemplate(body.text, lookup))}, 'utf8')`;
    case 'urlencoded':
      return `Buffer.from(${literal(body.fields.map(({ key, value }) => formField(key, value, lookup)).join('&'))})`;
    case 'file':
      return `readFileSync(${literal(resolveTemplate(body.path, lookup))})`;
    default:
      return null;
  }
}

/**
 * The endpoint as a Node.js script on `node:http`, which sends what the app sends: the same URL, every header
 * line in order under its own name (a repeated header stays two lines, which `fetch` would join), a Basic
 * credential of the UTF-8 bytes, and the body's text as written. Null for what only the app can do here (a
 * multipart body, Digest or AWS signing): the caller writes those another way.
 */
export function toNodeCode(written: CurlRequest, lookup: VariableLookup): string | null {
  const request = withoutDisabledRows(written);
  const { auth } = request;
  if (request.body.mode === 'multipart' || auth.type === 'digest' || auth.type === 'awsSigV4') return null;
  const resolve = (text: string) => resolveTemplate(text, lookup);
  const headers: KeyValue[] = headersToSend(request, resolve).map(({ key, value }) => ({
    key: resolve(key),
    value: resolve(value),
  }));
  // The token exists only once the app fetched it: the script names it as a placeholder to fill in.
  if (auth.type === 'oauth2') headers.push({ key: 'Authorization', value: 'Bearer {{oauth2_access_token}}' });
  if (auth.type === 'basic') {
    headers.push({ key: 'Authorization', value: basicCredential(resolve(auth.username), resolve(auth.password)) });
  }
  const url = requestUrl(request, lookup);
  const body = bodyExpression(request, lookup);
  const lines = [
    ...(request.body.mode === 'file' ? ["import { readFileSync } from 'node:fs';"] : []),
    "import { request } from 'node:http';",
    "import { request as requestTls } from 'node:https';",
    '',
    `const url = new URL(${literal(url)});`,
    ...(body === null ? [] : [`const body = ${body};`]),
    '// Name, value, name, value…: each header goes out as its own line, as written.',
    'const headers = [',
    ...headers.map(({ key, value }) => `  ${literal(key)}, ${literal(value)},`),
    ...(body === null ? [] : ["  'Content-Length', String(body.length),"]),
    '];',
    `const send = url.protocol === 'https:' ? requestTls : request;`,
    `const outgoing = send(url, { method: ${literal(request.method.toUpperCase())}, headers }, (response) => {`,
    '  console.log(response.statusCode, response.statusMessage);',
    '  response.pipe(process.stdout);',
    '});',
    `outgoing.end(${body === null ? '' : 'body'});`,
  ];
  return `${lines.join('\n')}\n`;
}
