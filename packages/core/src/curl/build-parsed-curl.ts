import { AppError } from '../errors.js';
import { itemAt } from '../item-at.js';
import { isRelativeFilePath } from '../request/file-path.js';
import type { ParsedCurl, ParsedCurlBody } from './parsed-curl.js';
import type { CurlArgs } from './read-curl-args.js';
import { resolveAuth } from './request-auth.js';
import { dataBody, multipartParts, uploadBody } from './request-body.js';
import { joinDataPieces, readDataPieces } from './request-data.js';
import {
  FORM_CONTENT_TYPE,
  hasTypedHeader,
  impliedHeaders,
  JSON_CONTENT_TYPE,
  type PlacedHeader,
  readTypedHeaders,
  typedHeaderValue,
} from './request-headers.js';
import { appendQuery, appendUploadName, resolveRequestUrl } from './request-url.js';
import type { StdinInput } from './stdin-input.js';
import { shorten } from './text-position.js';
import { WarningList } from './warning-list.js';

/** How many HTTPie-style items a warning names before it just counts the rest. */
const LISTED_ITEMS = 5;

/** Turns what the arguments asked for into the request curl would send. */
export function buildParsedCurl(args: CurlArgs, stdin: StdinInput, shellWarnings: readonly string[]): ParsedCurl {
  const warnings: string[] = [];
  const typedUrl = args.urls[0];
  if (typedUrl === undefined) {
    throw new AppError(
      'VALIDATION',
      'no URL found: the command needs the address to call, e.g. curl https://api.example.com/items',
    );
  }
  refuseConflictingModes(args);
  noteExtraUrls(args, warnings);

  const typed = readTypedHeaders(args.headers, stdin, warnings);
  const pieces = readDataPieces(args.data, stdin, warnings);
  const joined = joinDataPieces(pieces);
  const postsData = args.data.length > 0 && !args.get;
  const contentType = effectiveContentType(typed.lines, typed.sent, joined.json, postsData);

  let body: ParsedCurlBody = null;
  const queries: string[] = [];
  if (args.data.length > 0 && args.get) {
    // curl appends the -G data or the --url-query parts, never both (append2query in tool_operate.c).
    if (args.urlQueries.length > 0) {
      warnings.push('--url-query was ignored: with -G, curl puts only the data in the query; add it as another -d.');
    }
    for (const file of joined.files) {
      warnings.push(`${file.spelled}: a file's content cannot be added to the query string here; it was left out.`);
    }
    if (joined.text !== '') queries.push(joined.text);
  } else queries.push(...urlQueries(args, stdin, warnings));
  if (postsData) {
    const impliedType = typedHeaderValue(typed.sent, 'Content-Type') === null;
    body = dataBody(pieces, joined, contentType, impliedType, warnings);
  } else if (args.forms.length > 0) body = { mode: 'multipart', parts: multipartParts(args, stdin, warnings) };
  else if (args.uploads.length > 0) body = uploadBody(args.uploads, stdin, warnings);
  noteRelativeFiles(body, warnings);

  // Browsers' "Copy as cURL" escapes [ ] { } so that curl's URL globbing leaves them alone: curl sends them bare.
  const unglobbed = args.globoff ? typedUrl : typedUrl.replace(/\\([[\]{}])/g, '$1');
  const { url: absoluteUrl, credentials, warning: urlWarning } = resolveRequestUrl(unglobbed);
  if (urlWarning !== undefined) warnings.push(urlWarning);
  const uploadedUrl = args.uploads[0] === undefined ? absoluteUrl : appendUploadName(absoluteUrl, args.uploads[0]);
  const url = queries.reduce((current, query) => appendQuery(current, query), uploadedUrl);
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/:?#]+)/i.exec(absoluteUrl)?.[1] ?? '';
  const auth = resolveAuth(args, credentials, hasTypedHeader(typed.lines, 'Authorization'), host, warnings);
  const headers = [...typed.sent, ...impliedHeaders(args, typed.lines, joined.json, postsData, warnings)]
    .sort((a, b) => a.at - b.at)
    .map(({ name, value }) => ({ name, value }));

  const method = requestMethod(args, postsData, warnings);
  const unread = stdin.unreadWarning();
  if (unread !== null) warnings.push(unread);
  const list = new WarningList();
  list.addAll(shellWarnings);
  list.addAll(args.warnings);
  list.addAll(warnings);
  return { method, url, headers, body, auth, warnings: list.toArray() };
}

/** A relative file path is kept as written, but the app cannot know the directory it is relative to. */
function noteRelativeFiles(body: ParsedCurlBody, warnings: string[]): void {
  const paths =
    body?.mode === 'file'
      ? [body.path]
      : body?.mode === 'multipart'
        ? body.parts.flatMap((part) => (part.file === undefined ? [] : [part.file]))
        : [];
  for (const path of new Set(paths)) {
    if (!isRelativeFilePath(path)) continue;
    warnings.push(
      `${shorten(path, 60)} is a relative path: curl reads it from the directory the command runs in, which the app cannot know; pick the file in the body editor before sending.`,
    );
  }
}

/** curl refuses to mix request kinds (`-I` with `-d`, `-d` with `-F`, …); so does the import, naming both. */
function refuseConflictingModes(args: CurlArgs): void {
  const modes: string[] = [];
  if (args.head) modes.push('-I (a HEAD request)');
  if (args.data.length > 0 && !args.get) modes.push('-d (a POST of data)');
  if (args.forms.length > 0) modes.push('-F (a multipart form)');
  if (args.uploads.length > 0) modes.push('-T (a PUT upload)');
  if (args.get && (args.forms.length > 0 || args.uploads.length > 0)) modes.push('-G (a GET request)');
  if (modes.length > 1) {
    throw new AppError(
      'VALIDATION',
      `the command asks for ${modes[0]} and ${modes[1]} at once, which curl refuses; keep one of them`,
    );
  }
}

function noteExtraUrls(args: CurlArgs, warnings: string[]): void {
  const extra = args.urls.slice(1);
  const items = extra.map(httpieItemName).filter((name): name is string => name !== null);
  if (items.length > 0) {
    const listed = items.slice(0, LISTED_ITEMS).map((name) => shorten(name, 24));
    const more = items.length > LISTED_ITEMS ? ` and ${items.length - LISTED_ITEMS} more` : '';
    warnings.push(
      `${listed.join(', ')}${more} look like HTTPie request items; curl reads them as more ` +
        "URLs, so they were ignored; send fields with -d 'name=value' or --json, and headers with -H 'Name: value'.",
    );
  }
  const others = extra.length - items.length;
  if (others > 0) {
    warnings.push(
      `${others} more URL${others === 1 ? '' : 's'} after the first ${others === 1 ? 'was' : 'were'} ignored: ` +
        'curl would request each in turn; only the first is imported.',
    );
  }
  if (args.methodWords.length > 0) {
    const word = itemAt(args.methodWords, 0);
    warnings.push(
      args.method === null
        ? `${word} is not a curl option: curl would request it as another URL; it was read as the method (-X ${word}).`
        : `${word} is not a curl option (curl would request it as another URL); it was ignored, -X gives the method.`,
    );
  }
}

/** The name of an HTTPie request item (`name=value`, `name:=json`, `Header:value`, `q==x`), or null. */
function httpieItemName(word: string): string | null {
  if (word.includes('://') || word.startsWith('{{')) return null;
  const match = /^([A-Za-z0-9_-]+)(==|:=|=|:)/.exec(word);
  if (match === null) return null;
  const afterSeparator = word[match[0].length];
  if (match[2] === ':' && afterSeparator !== undefined && afterSeparator >= '0' && afterSeparator <= '9') return null;
  return itemAt(match, 1);
}

function requestMethod(args: CurlArgs, postsData: boolean, warnings: string[]): string {
  if (args.method !== null) {
    const method = args.method.trim().toUpperCase();
    if (method === '') throw new AppError('VALIDATION', 'option -X is empty: it needs a method, e.g. -X POST');
    return method;
  }
  if (args.methodWords.length > 0) return itemAt(args.methodWords, 0);
  if (args.head) return 'HEAD';
  if (args.uploads.length > 0) {
    if (args.uploads.length > 1) warnings.push('-T was given more than once; only the first upload was imported.');
    return 'PUT';
  }
  return postsData || args.forms.length > 0 ? 'POST' : 'GET';
}

/** The content type the body goes out with: the last typed one, none when removed (`-H 'Content-Type:'`), else implied. */
function effectiveContentType(
  lines: readonly string[],
  sent: readonly PlacedHeader[],
  json: boolean,
  postsData: boolean,
): string | null {
  const typedValue = typedHeaderValue(sent, 'Content-Type');
  if (typedValue !== null) return typedValue;
  if (hasTypedHeader(lines, 'Content-Type')) return null;
  if (json) return JSON_CONTENT_TYPE;
  return postsData ? FORM_CONTENT_TYPE : null;
}

/** `--url-query` parts: `+text` as is, anything else encoded like `--data-urlencode`. */
function urlQueries(args: CurlArgs, stdin: StdinInput, warnings: string[]): string[] {
  const parts: string[] = [];
  for (const query of args.urlQueries) {
    if (query.startsWith('+')) {
      parts.push(query.slice(1));
      continue;
    }
    const [piece] = readDataPieces([{ value: query, kind: 'data-urlencode', at: 0 }], stdin, warnings);
    if (piece?.kind === 'text') parts.push(piece.text);
    else {
      warnings.push(
        `--url-query ${shorten(query)}: a file's content cannot be added to the query string here; it was left out.`,
      );
    }
  }
  return parts.length === 0 ? [] : [parts.join('&')];
}
