import {
  BASE_URL_VARIABLE,
  type EndpointBody,
  type EndpointDraft,
  joinUrl,
  type KeyValue,
  toShellWord,
} from '@client/core';
import { authHeaders, authQueryParams, defaultContentType, findHeader } from './request-shape.js';
import { resolveTemplate, type VariableScope } from './variables.js';

type CurlRequest = Pick<EndpointDraft, 'method' | 'path' | 'queryParams' | 'headers' | 'body' | 'auth'>;

function bodyArguments(body: EndpointBody, resolve: (text: string) => string): string[] {
  const word = (text: string) => toShellWord(resolve(text));
  switch (body.mode) {
    case 'json':
    case 'text':
      return [`--data-raw ${word(body.text)}`];
    case 'urlencoded':
      return body.fields.map(({ key, value }) => `--data-urlencode ${word(`${key}=${value}`)}`);
    case 'multipart':
      return body.parts.map((part) => {
        if (part.file !== undefined) {
          const type = part.contentType === undefined ? '' : `;type=${part.contentType}`;
          return `-F ${word(`${part.name}=@${part.file}${type}`)}`;
        }
        // --form-string: a value starting with @ or < stays text instead of naming a file.
        return `--form-string ${word(`${part.name}=${part.value ?? ''}`)}`;
      });
    case 'file':
      return [`--data-binary ${word(`@${body.path}`)}`];
    default:
      return [];
  }
}

/** curl reads `Name:` as "remove this header"; `Name;` is how it sends one with an empty value. */
function headerArgument(name: string, value: string): string {
  return value.trim() === '' ? `${name};` : `${name}: ${value}`;
}

/** `-X` only where curl would not pick the method itself (it picks GET, and POST for a body). */
function methodArguments(method: string, hasBody: boolean): string[] {
  const upper = method.toUpperCase();
  if (upper === 'HEAD') return ['--head'];
  if (upper === (hasBody ? 'POST' : 'GET')) return [];
  return [`-X ${toShellWord(upper)}`];
}

/**
 * The endpoint as a bash cURL command that sends what the app sends: variables resolved, the default
 * Content-Type of the body mode made explicit. Secret variables stay `{{name}}` placeholders, because
 * their plaintext never reaches the page and does not belong on a clipboard by accident.
 */
export function toCurlCommand(request: CurlRequest, scope: VariableScope): string {
  const resolve = (text: string) => resolveTemplate(text, scope, { secret: 'keep' });
  const url = joinUrl(`{{${BASE_URL_VARIABLE}}}`, request.path, [
    ...request.queryParams,
    ...authQueryParams(request.auth),
  ]);
  const headers: KeyValue[] = [...request.headers, ...authHeaders(request.auth)];
  const contentType = defaultContentType(request.body);
  if (contentType !== null && findHeader(headers, 'content-type') === undefined) {
    headers.push({ key: 'Content-Type', value: contentType });
  }
  const body = bodyArguments(request.body, resolve);
  const lines = [
    `curl ${[...methodArguments(request.method, body.length > 0), toShellWord(resolve(url))].join(' ')}`,
    ...headers.map(({ key, value }) => `-H ${toShellWord(headerArgument(resolve(key), resolve(value)))}`),
  ];
  const { auth } = request;
  if (auth.type === 'basic' || auth.type === 'digest') {
    lines.push(
      `${auth.type === 'digest' ? '--digest ' : ''}-u ${toShellWord(resolve(`${auth.username}:${auth.password}`))}`,
    );
  }
  lines.push(...body);
  return lines.join(' \\\n  ');
}
