import type { CorpusExpectation, FormEntry } from '../fixtures/corpus.js';
import type { ParserOutcome, WireRequest } from './wire-request.js';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

function contentType(request: WireRequest): string | null {
  const header = request.headers.findLast(([name]) => name.toLowerCase() === 'content-type');
  return header === undefined ? null : (header[1].split(';')[0] ?? '').trim().toLowerCase();
}

function bodyMode(request: WireRequest): string {
  if (request.multipart !== null) return 'multipart/form-data';
  if (request.bodyFile !== null) return 'file';
  if (request.bodyText === null) return 'none';
  return contentType(request) === FORM_CONTENT_TYPE ? FORM_CONTENT_TYPE : 'raw';
}

/** The form a request carries: its multipart parts, or the pairs of a url-encoded text body. */
function formOf(request: WireRequest): FormEntry[] | null {
  if (request.multipart !== null) return request.multipart;
  if (request.bodyText === null || contentType(request) !== FORM_CONTENT_TYPE) return null;
  return [...new URLSearchParams(request.bodyText)];
}

function basicHeader(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

function judgeAuth(request: WireRequest, expected: CorpusExpectation['auth']): string[] {
  const { auth } = request;
  if (expected === undefined) return auth === null ? [] : [`auth: ${auth.type}, none expected`];
  if (auth === null || auth.type !== expected.type) return [`auth: ${auth?.type ?? 'none'}, not ${expected.type}`];
  if ('token' in auth) {
    const header = `Bearer ${auth.token}`;
    return auth.token === expected.token && (expected.header === undefined || expected.header === header)
      ? []
      : ['auth: another bearer token'];
  }
  const header = basicHeader(auth.username, auth.password);
  return auth.username === expected.username &&
    auth.password === expected.password &&
    (expected.header === undefined || expected.header === header)
    ? []
    : [`auth: user ${auth.username}`];
}

/**
 * The one comparison both parsers are judged by: every way the request a parser read differs from what the
 * corpus case says curl sends (empty: the case is parsed right). It follows core's corpus check, at the level
 * of the request on the wire, so that how a parser represents a body does not count, only what it sends.
 * The public corpus states no warnings, so warnings are not judged.
 */
export function judgeCase(outcome: ParserOutcome, expect: CorpusExpectation): string[] {
  if (outcome === 'refused') return expect.error === undefined ? ['refused the command'] : [];
  if (expect.error !== undefined) return [`parsed instead of failing (${expect.error})`];
  const problems: string[] = [];
  if (expect.method !== undefined && outcome.method !== expect.method) problems.push(`method: ${outcome.method}`);
  if (expect.url !== undefined && outcome.url !== expect.url) problems.push(`url: ${outcome.url}`);
  if (expect.headers !== undefined && JSON.stringify(outcome.headers) !== JSON.stringify(expect.headers)) {
    problems.push(`headers: ${JSON.stringify(outcome.headers)}`);
  }
  if (expect.bodyFile !== undefined) {
    if (outcome.bodyFile !== expect.bodyFile) problems.push(`body file: ${outcome.bodyFile}`);
  } else if (expect.body !== undefined && outcome.bodyText !== expect.body) {
    problems.push(`body: ${JSON.stringify(outcome.bodyText)}`);
  }
  if (expect.bodyMode !== undefined && bodyMode(outcome) !== expect.bodyMode) {
    problems.push(`body mode: ${bodyMode(outcome)}`);
  }
  if (expect.form !== undefined && JSON.stringify(formOf(outcome)) !== JSON.stringify(expect.form)) {
    problems.push(`form: ${JSON.stringify(formOf(outcome))}`);
  }
  problems.push(...judgeAuth(outcome, expect.auth));
  return problems;
}
