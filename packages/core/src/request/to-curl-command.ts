import { toCmdWord } from '../curl/to-cmd-word.js';
import { toShellWord } from '../curl/to-shell-word.js';
import type { AwsSigV4Auth, EndpointBody, EndpointDraft } from '../model.js';
import { withoutDisabledRows } from './enabled-rows.js';
import { resolvedGraphqlPayload } from './graphql-text.js';
import { headersToSend } from './request-shape.js';
import { formField, requestUrl, sendsEmptyLength } from './sent-text.js';
import { resolveTemplate, type VariableLookup } from './template.js';

export type CurlRequest = Pick<EndpointDraft, 'method' | 'path' | 'queryParams' | 'headers' | 'body' | 'auth'>;

/** One option with its value, or the command and its URL: a line of the written command. */
type ArgumentGroup = string[];

function bodyArguments(body: EndpointBody, lookup: VariableLookup): ArgumentGroup[] {
  const resolve = (text: string) => resolveTemplate(text, lookup);
  switch (body.mode) {
    case 'json':
    case 'text':
      return [['--data-raw', resolve(body.text)]];
    case 'urlencoded':
      // Encoded as the app encodes a form (a space as `+`): curl's --data-urlencode would leave the name as it
      // is and write a space in the value as %20. curl joins the -d fields with `&`.
      return body.fields.map(({ key, value }) => ['--data-raw', formField(key, value, lookup)]);
    case 'multipart':
      return body.parts.map((part) => {
        if (part.file !== undefined) {
          const type = part.contentType === undefined ? '' : `;type=${part.contentType}`;
          return ['-F', resolve(`${part.name}=@${part.file}${type}`)];
        }
        // --form-string: a value starting with @ or < stays text instead of naming a file.
        return ['--form-string', resolve(`${part.name}=${part.value ?? ''}`)];
      });
    case 'file':
      return [['--data-binary', resolve(`@${body.path}`)]];
    case 'graphql':
      return [['--data-raw', resolvedGraphqlPayload(body, lookup)]];
    default:
      return [];
  }
}

/** curl reads `Name:` as "remove this header"; `Name;` is how it sends one with an empty value. */
function headerArgument(name: string, value: string): string {
  return value.trim() === '' ? `${name};` : `${name}: ${value}`;
}

/** curl signs the request itself with `--aws-sigv4`; a session token goes along as the header AWS reads it from. */
function awsSigV4Arguments(auth: AwsSigV4Auth, resolve: (text: string) => string): ArgumentGroup[] {
  const groups: ArgumentGroup[] = [
    ['--aws-sigv4', resolve(`aws:amz:${auth.region}:${auth.service}`)],
    ['-u', resolve(`${auth.accessKeyId}:${auth.secretAccessKey}`)],
  ];
  if (auth.sessionToken !== '') groups.push(['-H', headerArgument('x-amz-security-token', resolve(auth.sessionToken))]);
  return groups;
}

/** `-X` only where curl would not pick the method itself (it picks GET, and POST for a body). */
function methodArguments(method: string, hasBody: boolean): string[] {
  const upper = method.toUpperCase();
  if (upper === 'HEAD') return ['--head'];
  if (upper === (hasBody ? 'POST' : 'GET')) return [];
  return ['-X', upper];
}

/**
 * The curl command that sends what the app sends, as the words curl receives, a line's worth in each group:
 * the same query, headers and default Content-Type, with `{{variables}}` resolved through `lookup`. A name the
 * lookup withholds (a secret whose plaintext does not belong on a clipboard) stays a `{{name}}` placeholder.
 */
function curlArgumentGroups(written: CurlRequest, lookup: VariableLookup): ArgumentGroup[] {
  const request = withoutDisabledRows(written);
  const resolve = (text: string) => resolveTemplate(text, lookup);
  const body = bodyArguments(request.body, lookup);
  const target = requestUrl(request, lookup);
  // curl reads [ ] { } in a URL as glob patterns; -g sends them as they are, as the app does.
  const globoff = /[[\]{}]/.test(target) ? ['-g'] : [];
  const groups: ArgumentGroup[] = [
    ['curl', ...methodArguments(request.method, body.length > 0), ...globoff, target],
    ...headersToSend(request, resolve).map(({ key, value }) => ['-H', headerArgument(resolve(key), resolve(value))]),
  ];
  const { auth } = request;
  // The token exists only once the app fetched it: the command names it as a placeholder to fill in.
  if (auth.type === 'oauth2') groups.push(['-H', 'Authorization: Bearer {{oauth2_access_token}}']);
  if (auth.type === 'awsSigV4') groups.push(...awsSigV4Arguments(auth, resolve));
  if (auth.type === 'basic' || auth.type === 'digest') {
    groups.push([...(auth.type === 'digest' ? ['--digest'] : []), '-u', resolve(`${auth.username}:${auth.password}`)]);
  }
  groups.push(...body);
  // curl sends a POST without data with no length at all; the app says it is empty.
  if (body.length === 0 && sendsEmptyLength(request.method)) groups.push(['-H', 'Content-Length: 0']);
  return groups;
}

/** The endpoint as a bash cURL command, one option per line. */
export function toCurlCommand(request: CurlRequest, lookup: VariableLookup): string {
  return curlArgumentGroups(request, lookup)
    .map((group) => group.map(toShellWord).join(' '))
    .join(' \\\n  ');
}

/** The same command for cmd.exe on Windows, one option per line as browsers write it (` ^` continues a line). */
export function toCmdCurlCommand(request: CurlRequest, lookup: VariableLookup): string {
  return curlArgumentGroups(request, lookup)
    .map((group) => group.map(toCmdWord).join(' '))
    .join(' ^\n  ');
}

/** The words curl receives, `curl` first: what code generators take instead of a command to parse. */
export function toCurlArguments(request: CurlRequest, lookup: VariableLookup): string[] {
  return curlArgumentGroups(request, lookup).flat();
}
