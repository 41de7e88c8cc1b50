import { toShellWord } from '../curl/to-shell-word.js';
import type { EndpointBody, EndpointDraft } from '../model.js';
import { endpointUrlTemplate } from '../url/endpoint-url.js';
import { joinUrl } from '../url/split-url.js';
import { headersToSend, queryParamsToSend } from './request-shape.js';
import { resolveTemplate, type VariableLookup } from './template.js';

export type CurlRequest = Pick<EndpointDraft, 'method' | 'path' | 'queryParams' | 'headers' | 'body' | 'auth'>;

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
 * The endpoint as a bash cURL command that sends what the app sends: the same query, headers and default
 * Content-Type, with `{{variables}}` resolved through `lookup`. A name the lookup withholds (a secret whose
 * plaintext does not belong on a clipboard) stays a `{{name}}` placeholder.
 */
export function toCurlCommand(request: CurlRequest, lookup: VariableLookup): string {
  const resolve = (text: string) => resolveTemplate(text, lookup);
  const url = joinUrl('', endpointUrlTemplate(request.path), queryParamsToSend(request));
  const body = bodyArguments(request.body, resolve);
  const target = resolve(url);
  // curl reads [ ] { } in a URL as glob patterns; -g sends them as they are, as the app does.
  const globoff = /[[\]{}]/.test(target) ? ['-g'] : [];
  const lines = [
    `curl ${[...methodArguments(request.method, body.length > 0), ...globoff, toShellWord(target)].join(' ')}`,
    ...headersToSend(request, resolve).map(
      ({ key, value }) => `-H ${toShellWord(headerArgument(resolve(key), resolve(value)))}`,
    ),
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
