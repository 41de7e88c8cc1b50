import { isAppError } from '../errors.js';
import { detectShell } from './detect-shell.js';
import { parseCurl } from './parse-curl.js';
import type { ParsedCurl } from './parsed-curl.js';
import { serializeUrlencoded } from './url-encoding.js';

/**
 * A corpus case in the format of `corpus/public.json`. Our own corpus uses the same format plus a
 * few optional fields: `bodyFile` (a file body's path), `warnings` (one substring per expected warning) and
 * `errorIncludes` (substrings the error message must contain).
 */
export interface CorpusCase {
  id: string;
  shell: 'bash' | 'cmd';
  command: string;
  expect: CorpusExpectation;
  notes?: string;
}

type FormEntry = [string, string | { file?: string; contentType?: string; value?: string }];

interface CorpusExpectation {
  method?: string;
  url?: string;
  headers?: [string, string][];
  body?: string | null;
  bodyMode?: string;
  bodyFile?: string;
  form?: FormEntry[];
  auth?: { type: string; username?: string; password?: string; token?: string; header?: string };
  warnings?: string[];
  error?: string;
  errorIncludes?: string[];
}

/** Checks that a JSON value is a list of corpus cases, so a malformed corpus fails loudly instead of passing. */
export function readCorpus(json: unknown, source: string): CorpusCase[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected an array of cases`);
  for (const [index, item] of json.entries()) {
    const candidate = item as Partial<CorpusCase> | null;
    if (
      typeof candidate?.id !== 'string' ||
      (candidate.shell !== 'bash' && candidate.shell !== 'cmd') ||
      typeof candidate.command !== 'string' ||
      typeof candidate.expect !== 'object' ||
      candidate.expect === null
    ) {
      throw new Error(`${source}: case ${index} lacks id, shell, command or expect`);
    }
  }
  return json as CorpusCase[];
}

/** Parses a case's command and lists every way the result differs from the expectation (empty: it matches). */
export function checkCorpusCase(testCase: CorpusCase): string[] {
  const { expect } = testCase;
  const problems: string[] = [];
  const shell = detectShell(testCase.command.replaceAll('\r\n', '\n'));
  if (shell !== testCase.shell) problems.push(`shell: read as ${shell}, the case is ${testCase.shell}`);
  let parsed: ParsedCurl;
  try {
    parsed = parseCurl(testCase.command);
  } catch (error) {
    if (expect.error === undefined) return [...problems, `threw ${String(error)}`];
    if (!isAppError(error) || error.code !== 'VALIDATION')
      return [...problems, `threw ${String(error)}, not a VALIDATION AppError`];
    for (const part of expect.errorIncludes ?? []) {
      if (!error.message.includes(part)) problems.push(`error message "${error.message}" lacks "${part}"`);
    }
    return problems;
  }
  if (expect.error !== undefined) return [...problems, `parsed instead of failing (${expect.error})`];
  if (expect.method !== undefined && parsed.method !== expect.method) problems.push(`method: ${parsed.method}`);
  if (expect.url !== undefined && parsed.url !== expect.url) problems.push(`url: ${parsed.url}`);
  if (expect.headers !== undefined) {
    const headers = parsed.headers.map((header) => [header.name, header.value]);
    if (JSON.stringify(headers) !== JSON.stringify(expect.headers))
      problems.push(`headers: ${JSON.stringify(headers)}`);
  }
  problems.push(...checkBody(parsed, expect), ...checkAuth(parsed, expect), ...checkWarnings(parsed, expect));
  return problems;
}

function checkBody(parsed: ParsedCurl, expect: CorpusExpectation): string[] {
  const problems: string[] = [];
  const { body } = parsed;
  if (expect.bodyFile !== undefined) {
    if (body?.mode !== 'file' || body.path !== expect.bodyFile)
      problems.push(`body: ${JSON.stringify(body)}, not file ${expect.bodyFile}`);
  } else if (expect.body !== undefined) {
    const text =
      body?.mode === 'raw' ? body.text : body?.mode === 'urlencoded' ? serializeUrlencoded(body.fields) : null;
    if (text !== expect.body) problems.push(`body: ${JSON.stringify(body)}`);
  }
  if (expect.bodyMode !== undefined && bodyMode(parsed) !== expect.bodyMode)
    problems.push(`body mode: ${bodyMode(parsed)}`);
  const form = formEntries(parsed);
  if (JSON.stringify(form) !== JSON.stringify(expect.form ?? null)) problems.push(`form: ${JSON.stringify(form)}`);
  return problems;
}

function bodyMode(parsed: ParsedCurl): string {
  const modes = {
    raw: 'raw',
    urlencoded: 'application/x-www-form-urlencoded',
    multipart: 'multipart/form-data',
    file: 'file',
  };
  return parsed.body === null ? 'none' : modes[parsed.body.mode];
}

function formEntries(parsed: ParsedCurl): FormEntry[] | null {
  const { body } = parsed;
  if (body?.mode === 'urlencoded') return body.fields.map((field) => [field.name, field.value]);
  if (body?.mode !== 'multipart') return null;
  return body.parts.map((part): FormEntry => {
    if (part.file === undefined && part.contentType === undefined) return [part.name, part.value ?? ''];
    const { name: _name, ...rest } = part;
    return [part.name, rest];
  });
}

function checkAuth(parsed: ParsedCurl, expect: CorpusExpectation): string[] {
  const { auth } = parsed;
  const wanted = expect.auth;
  if (wanted === undefined) return auth === null ? [] : [`auth: ${auth.type}, none expected`];
  if (auth === null || auth.type !== wanted.type)
    return [`auth: ${auth === null ? 'none' : auth.type}, not ${wanted.type}`];
  const problems: string[] = [];
  if (auth.type === 'awsSigV4') {
    if (auth.accessKeyId !== wanted.username || auth.secretAccessKey !== wanted.password)
      problems.push(`auth: key ${auth.accessKeyId}`);
    return problems;
  }
  if (auth.type === 'bearer') {
    if (auth.token !== wanted.token) problems.push('auth: another bearer token');
    if (wanted.header !== undefined && `Bearer ${auth.token}` !== wanted.header)
      problems.push('auth: another bearer header');
    return problems;
  }
  if (auth.username !== wanted.username || auth.password !== wanted.password)
    problems.push(`auth: user ${auth.username}`);
  if (wanted.header !== undefined && basicHeader(auth.username, auth.password) !== wanted.header) {
    problems.push(`auth: header ${basicHeader(auth.username, auth.password)}`);
  }
  return problems;
}

/** The Authorization header the parsed credentials produce: Basic base64(UTF-8 "user:password"). */
function basicHeader(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

function checkWarnings(parsed: ParsedCurl, expect: CorpusExpectation): string[] {
  if (expect.warnings === undefined) return [];
  const unmatched = [...parsed.warnings];
  const problems: string[] = [];
  for (const part of expect.warnings) {
    const index = unmatched.findIndex((warning) => warning.includes(part));
    if (index < 0) problems.push(`no warning mentions "${part}"`);
    else unmatched.splice(index, 1);
  }
  for (const warning of unmatched) problems.push(`unexpected warning: ${warning}`);
  return problems;
}
