import { AppError } from '../errors.js';
import { type FormPart, type MultipartPart, readFormField } from './form-field.js';
import type { ParsedCurl, ParsedCurlBody } from './parsed-curl.js';
import type { CurlArgs } from './read-curl-args.js';
import { resolveAuth } from './request-auth.js';
import { type DataPiece, fileBodyWarning, joinDataPieces, readDataPieces } from './request-data.js';
import { hasTypedHeader, type PlacedHeader, readTypedHeaders, typedHeaderValue } from './request-headers.js';
import { appendQuery, appendUploadName, resolveRequestUrl } from './request-url.js';
import { NO_STDIN_WARNING, type StdinInput } from './stdin-input.js';
import { shorten } from './text-position.js';
import { parseFormBody } from './url-encoding.js';
import { WarningList } from './warning-list.js';

const FORM_TYPE = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
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
  const contentType = effectiveContentType(args, typed.lines, typed.sent, joined.json, postsData);

  let body: ParsedCurlBody = null;
  const queries = urlQueries(args, stdin, warnings);
  if (args.data.length > 0 && args.get) {
    for (const file of joined.files)
      warnings.push(`${file.spelled}: a file's content cannot be added to the query string here; it was left out.`);
    if (joined.text !== '') queries.push(joined.text);
  } else if (postsData) {
    const impliedType = typedHeaderValue(typed.sent, 'Content-Type') === null;
    body = dataBody(pieces, joined, contentType, impliedType, warnings);
  } else if (args.forms.length > 0) body = { mode: 'multipart', parts: multipartParts(args, stdin, warnings) };
  else if (args.uploads.length > 0) body = uploadBody(args.uploads, stdin, warnings);

  const { url: absoluteUrl, credentials } = resolveRequestUrl(typedUrl);
  const uploadedUrl = args.uploads[0] === undefined ? absoluteUrl : appendUploadName(absoluteUrl, args.uploads[0]);
  const url = queries.reduce((current, query) => appendQuery(current, query), uploadedUrl);
  const auth = resolveAuth(args, credentials, warnings);
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
    const word = args.methodWords[0] as string;
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
  const afterSeparator = word[(match[0] as string).length];
  if (match[2] === ':' && afterSeparator !== undefined && afterSeparator >= '0' && afterSeparator <= '9') return null;
  return match[1] as string;
}

function requestMethod(args: CurlArgs, postsData: boolean, warnings: string[]): string {
  if (args.method !== null) {
    const method = args.method.trim().toUpperCase();
    if (method === '') throw new AppError('VALIDATION', 'option -X is empty: it needs a method, e.g. -X POST');
    return method;
  }
  if (args.methodWords.length > 0) return args.methodWords[0] as string;
  if (args.head) return 'HEAD';
  if (args.uploads.length > 0) {
    if (args.uploads.length > 1) warnings.push('-T was given more than once; only the first upload was imported.');
    return 'PUT';
  }
  return postsData || args.forms.length > 0 ? 'POST' : 'GET';
}

/** The content type the body goes out with: the last typed one, none when removed (`-H 'Content-Type:'`), else implied. */
function effectiveContentType(
  args: CurlArgs,
  lines: readonly string[],
  sent: readonly PlacedHeader[],
  json: boolean,
  postsData: boolean,
): string | null {
  const typedValue = typedHeaderValue(sent, 'Content-Type');
  if (typedValue !== null) return typedValue;
  if (hasTypedHeader(lines, 'Content-Type')) return null;
  if (json) return JSON_TYPE;
  return postsData && args.data.length > 0 ? FORM_TYPE : null;
}

function dataBody(
  pieces: readonly DataPiece[],
  joined: ReturnType<typeof joinDataPieces>,
  contentType: string | null,
  impliedType: boolean,
  warnings: string[],
): ParsedCurlBody {
  const onlyFile = pieces.length === 1 ? joined.files[0] : undefined;
  if (onlyFile !== undefined) {
    const warning = fileBodyWarning(onlyFile);
    if (warning !== null) warnings.push(warning);
    return { mode: 'file', path: onlyFile.path };
  }
  for (const file of joined.files) {
    warnings.push(
      `${file.spelled}: the file's content cannot be read here and is combined with other data, so it was left out of the body.`,
    );
  }
  const isForm = contentType !== null && (contentType.split(';')[0] as string).trim().toLowerCase() === FORM_TYPE;
  const fields = isForm ? parseFormBody(joined.text) : null;
  if (fields !== null) return { mode: 'urlencoded', fields };
  const start = joined.text.trimStart()[0];
  if (contentType === FORM_TYPE && impliedType && (start === '{' || start === '[')) {
    warnings.push(
      'The body looks like JSON, but no Content-Type was typed, so curl sends it as ' +
        "application/x-www-form-urlencoded; add -H 'Content-Type: application/json' if the server expects JSON.",
    );
  }
  return { mode: 'raw', text: joined.text };
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
    else
      warnings.push(
        `--url-query ${shorten(query)}: a file's content cannot be added to the query string here; it was left out.`,
      );
  }
  return parts.length === 0 ? [] : [parts.join('&')];
}

function multipartParts(args: CurlArgs, stdin: StdinInput, warnings: string[]): MultipartPart[] {
  const parts: MultipartPart[] = [];
  for (const form of args.forms) {
    const field = readFormField(form.value, form.literal);
    warnings.push(...field.warnings);
    for (const part of field.parts) parts.push(toMultipartPart(part, stdin, warnings));
  }
  return parts;
}

function toMultipartPart(part: FormPart, stdin: StdinInput, warnings: string[]): MultipartPart {
  const typed = part.contentType === undefined ? {} : { contentType: part.contentType };
  const { content } = part;
  if (content.kind === 'text') return { name: part.name, value: content.text, ...typed };
  let path = content.path;
  if (path === '-') {
    const source = stdin.take();
    if (source?.kind === 'text') return { name: part.name, value: source.text, ...typed };
    if (source === null) {
      warnings.push(`-F field ${shorten(part.name)} ${NO_STDIN_WARNING}`);
      return { name: part.name, value: '', ...typed };
    }
    path = source.path;
  }
  if (content.asText) {
    warnings.push(
      `-F field ${shorten(part.name)}: curl sends the content of ${shorten(path)} as a plain field; it was imported as a file part.`,
    );
  }
  return { name: part.name, file: path, ...typed };
}

function uploadBody(uploads: readonly string[], stdin: StdinInput, warnings: string[]): ParsedCurlBody {
  const file = uploads[0] as string;
  if (file !== '-' && file !== '.') return { mode: 'file', path: file };
  const source = stdin.take();
  if (source?.kind === 'text') return { mode: 'raw', text: source.text };
  if (source?.kind === 'file') return { mode: 'file', path: source.path };
  warnings.push(`-T ${file} ${NO_STDIN_WARNING}`);
  return { mode: 'raw', text: '' };
}

/** Headers curl adds because of an option, unless a typed `-H` line names them (libcurl's rule). */
function impliedHeaders(
  args: CurlArgs,
  lines: readonly string[],
  json: boolean,
  postsData: boolean,
  warnings: string[],
): PlacedHeader[] {
  const implied: PlacedHeader[] = [];
  const add = (name: string, value: string, at: number) => {
    if (!hasTypedHeader(lines, name)) implied.push({ name, value, at });
  };
  if (args.userAgent !== null && args.userAgent.value !== '')
    add('User-Agent', args.userAgent.value, args.userAgent.at);
  if (args.referer !== null) {
    let referer = args.referer.value;
    if (referer.endsWith(';auto')) {
      referer = referer.slice(0, -';auto'.length);
      warnings.push('-e …;auto: curl would set the Referer itself on redirects; only the given Referer was imported.');
    }
    if (referer !== '') add('Referer', referer, args.referer.at);
  }
  const firstCookie = args.cookies[0];
  if (firstCookie !== undefined) {
    if (hasTypedHeader(lines, 'Cookie'))
      warnings.push('-b was ignored: the typed Cookie header takes its place, as in curl.');
    else add('Cookie', args.cookies.map((cookie) => cookie.value).join('; '), firstCookie.at);
  }
  for (const file of args.cookieFiles) {
    if (file !== '') {
      warnings.push(
        `-b ${shorten(file)} names a cookie file, which is not read; pass the cookies themselves, e.g. -b 'name=value'.`,
      );
    }
  }
  if (args.range !== null) {
    const range = /^[0-9]+$/.test(args.range.value) ? `${args.range.value}-` : args.range.value;
    add('Range', `bytes=${range}`, args.range.at);
  }
  const firstData = args.data[0];
  const firstJson = args.data.find((data) => data.kind === 'json');
  if (json && firstJson !== undefined) {
    add('Content-Type', JSON_TYPE, firstJson.at);
    add('Accept', JSON_TYPE, firstJson.at);
  } else if (postsData && firstData !== undefined) add('Content-Type', FORM_TYPE, firstData.at);
  return implied;
}
