import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  AppError,
  BASE_URL_VARIABLE,
  type EndpointDraft,
  endpointUrlTemplate,
  graphqlPayload,
  graphqlVariablesProblem,
  headersToSend,
  isRelativeFilePath,
  joinUrl,
  type KeyValue,
  maskSecretNamedPairs,
  placeholder,
  type QueryParam,
  queryParamsToSend,
  sendsAsWritten,
  withoutDisabledRows,
} from '@client/core';
import { HeaderPairs, isSendableHeader } from './header-pairs.js';
import { namedAsWritten } from './named-as-written.js';
import { shownHost } from './shown-host.js';
import type { VariableScope } from './variable-scope.js';

/** A request ready for `fetch`, plus the masked copy that history keeps. */
export interface OutgoingRequest {
  method: string;
  url: URL;
  body: string | Buffer | null;
  /** The request's headers in order, names as written: the wire gets these and no others of ours. */
  headers: KeyValue[];
  /** Set for Digest auth: the credentials answer the server's challenge. */
  digest: { username: string; password: string } | null;
  record: { url: string; headers: KeyValue[]; body: string | null };
  /** Text the app made out of secrets for the wire (a Basic credential's base64), to scrub from what is kept. */
  derivedSecrets: string[];
  /** The local files the body uploads. */
  files: UploadedFile[];
}

/** A local file a body uploads: its path as the endpoint writes it (variables unresolved) and as read. */
interface UploadedFile {
  written: string;
  path: string;
}

interface BuiltBody {
  wire: string | Buffer | FormData | null;
  kept: string | null;
  files: UploadedFile[];
}

/**
 * Reads a file the body uploads. Errors quote the path as written (`{{file}}`), never as resolved: a variable in
 * it may be a secret, and what the request was written with is what the person or agent can fix.
 */
async function readBodyFile({ written, path }: UploadedFile): Promise<Buffer> {
  if (isRelativeFilePath(path)) {
    // Relative to what? The app's own directory is never what the person meant.
    throw new AppError('VALIDATION', `the file ${written} is a relative path; pick the file in the body editor`);
  }
  try {
    return await readFile(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError('VALIDATION', `the file ${written} cannot be read (${reason}); pick a file that exists`);
  }
}

/** Each text once for the wire and once masked for the record. */
type Both = (text: string) => { wire: string; kept: string };

function buildUrl(draft: EndpointDraft, both: Both, scope: VariableScope) {
  // An endpoint with a URL of its own (written out, or in the variable it starts with) goes there; the others go
  // to {{base_url}} and their path.
  const own = sendsAsWritten(draft.path, (name) => scope.value(name));
  const base = own ? { wire: '', kept: '' } : both(placeholder(BASE_URL_VARIABLE));
  if (!own && !scope.has(BASE_URL_VARIABLE)) {
    throw new AppError(
      'VALIDATION',
      'base_url is not set: set it in the project settings or in the active environment, e.g. https://api.example.com',
    );
  }
  const inQuery: Both = (text) => ({ wire: scope.resolveInQuery(text, false), kept: scope.resolveInQuery(text, true) });
  // A param keeps the `=` it was written with (`name=`, `name={{empty}}`), on the wire and in History.
  const rows = queryParamsToSend(draft).map(({ key, value, equals }) => ({
    key: inQuery(key),
    value: inQuery(value),
    equals: equals === true || value !== '',
  }));
  const withEquals = (pairs: readonly KeyValue[]): QueryParam[] =>
    pairs.map((pair, index) => (rows[index]?.equals === true ? { ...pair, equals: true } : pair));
  const path = both(draft.path);
  const wire = joinUrl(
    base.wire,
    path.wire,
    withEquals(rows.map(({ key, value }) => ({ key: key.wire, value: value.wire }))),
  );
  const keptPairs = maskSecretNamedPairs(rows.map(({ key, value }) => ({ key: key.kept, value: value.kept })));
  const kept = joinUrl(base.kept, path.kept, withEquals(keptPairs));
  const named = namedAsWritten(endpointUrlTemplate(draft.path), kept);
  let url: URL;
  try {
    url = new URL(wire);
  } catch {
    throw new AppError('VALIDATION', `the URL ${named} is not a valid URL; check base_url and the path`);
  }
  // A WebSocket endpoint's handshake is an HTTP request to a ws(s) URL, built here like any other.
  const websocket = draft.kind === 'websocket' && (url.protocol === 'ws:' || url.protocol === 'wss:');
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && !websocket) {
    throw new AppError('VALIDATION', `the URL ${named} is not an http or https URL; Client sends HTTP requests only`);
  }
  const missing = scope.missing(kept);
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION',
      `the URL uses ${missing.map((name) => `{{${name}}}`).join(', ')}, which no project or environment variable defines`,
    );
  }
  return { url, kept };
}

async function buildBody(draft: EndpointDraft, both: Both): Promise<BuiltBody> {
  const { body } = draft;
  switch (body.mode) {
    case 'none':
      return { wire: null, kept: null, files: [] };
    case 'json':
    case 'text': {
      const text = both(body.text);
      return { wire: text.wire, kept: text.kept, files: [] };
    }
    case 'urlencoded': {
      const fields = body.fields.map(({ key, value }) => ({ key: both(key), value: both(value) }));
      const kept = maskSecretNamedPairs(fields.map((f) => ({ key: f.key.kept, value: f.value.kept })));
      return {
        wire: formEncode(fields.map((f) => ({ key: f.key.wire, value: f.value.wire }))),
        kept: formEncode(kept),
        files: [],
      };
    }
    case 'multipart': {
      const form = new FormData();
      const kept: string[] = [];
      const files: UploadedFile[] = [];
      for (const part of body.parts) {
        const name = both(part.name);
        if (part.file !== undefined) {
          const path = both(part.file);
          const file = { written: part.file, path: path.wire };
          files.push(file);
          const bytes = await readBodyFile(file);
          const type = part.contentType ?? 'application/octet-stream';
          form.append(name.wire, new Blob([bytes], { type }), basename(path.wire));
          kept.push(`${name.kept}: @${path.kept}`);
        } else {
          const value = both(part.value ?? '');
          form.append(name.wire, value.wire);
          kept.push(`${name.kept}: ${value.kept}`);
        }
      }
      return { wire: form, kept: kept.join('\n'), files };
    }
    case 'file': {
      const path = both(body.path);
      const file = { written: body.path, path: path.wire };
      const bytes = await readBodyFile(file);
      return { wire: bytes, kept: `@${path.kept} (${bytes.length} bytes)`, files: [file] };
    }
    case 'graphql': {
      const query = both(body.query);
      const variables = both(body.variables);
      const operationName = both(body.operationName ?? '');
      const problem = graphqlVariablesProblem(variables.wire);
      if (problem !== null) throw new AppError('VALIDATION', problem);
      return {
        wire: graphqlPayload({ query: query.wire, variables: variables.wire, operationName: operationName.wire }),
        kept: graphqlPayload({ query: query.kept, variables: variables.kept, operationName: operationName.kept }),
        files: [],
      };
    }
  }
}

/**
 * Writes a multipart body out, so its boundary is known: a Content-Type the request sets itself that names no
 * boundary (`multipart/form-data`, as Swagger UI's commands type it) gets the boundary appended, as curl does,
 * instead of going out unreadable; with none, the body's own Content-Type is sent and shown.
 */
async function encodeMultipart(form: FormData, headers: HeaderPairs): Promise<Buffer> {
  const encoded = new Response(form);
  const own = encoded.headers.get('content-type') ?? '';
  const boundary = own.slice(own.indexOf(';') + 1).trim();
  const typed = headers.get('content-type');
  const value =
    typed === null
      ? own
      : /^multipart\//i.test(typed) && !/;\s*boundary=/i.test(typed)
        ? `${typed}; ${boundary}`
        : typed;
  if (value !== typed) headers.set('Content-Type', value, value);
  return Buffer.from(await encoded.arrayBuffer());
}

function formEncode(fields: readonly KeyValue[]): string {
  return new URLSearchParams(fields.map(({ key, value }): [string, string] => [key, value])).toString();
}

function basicCredentials(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/**
 * Turns an endpoint (as edited, saved or not) into the request the app sends, its switched-off rows left out:
 * variables resolved (environment over project, secrets decrypted), with the query and headers that "copy as
 * cURL" writes too: auth applied, the body mode's Content-Type added when the request sets none. Throws VALIDATION with what
 * to fix when it cannot be sent, and whatever `checkDestination` throws for its URL, before its body is built.
 */
export async function buildOutgoingRequest(
  written: EndpointDraft,
  scope: VariableScope,
  userAgent: string,
  checkDestination: (url: URL, keptUrl: string) => void = () => undefined,
): Promise<OutgoingRequest> {
  const draft = withoutDisabledRows(written);
  const both: Both = (text) => ({ wire: scope.resolve(text, false), kept: scope.resolve(text, true) });
  const { auth } = draft;
  const { url, kept: keptUrl } = buildUrl(draft, both, scope);
  // Before any file is read: a path may hold a secret, and a refusal must not quote it back.
  checkDestination(url, keptUrl);
  const body = await buildBody(draft, both);

  const headers = new HeaderPairs();
  for (const { key, value } of headersToSend(draft, (text) => scope.resolve(text, false))) {
    const name = both(key);
    const resolved = both(value);
    if (!isSendableHeader(name.wire, resolved.wire)) {
      // Named as written: a secret variable in its name would be resolved in `name`.
      throw new AppError('VALIDATION', `the header "${key}" has a name or value HTTP does not allow; fix it`);
    }
    headers.append({ key: name.wire, value: resolved.wire }, { key: name.kept, value: resolved.kept });
  }
  const derivedSecrets: string[] = [];
  if (auth.type === 'basic') {
    const username = both(auth.username);
    const password = both(auth.password);
    const credentials = basicCredentials(username.wire, password.wire);
    headers.set('Authorization', credentials, basicCredentials(username.kept, password.kept));
    if (username.wire !== username.kept || password.wire !== password.kept) {
      derivedSecrets.push(credentials.slice('Basic '.length));
    }
  }
  const wire = body.wire instanceof FormData ? await encodeMultipart(body.wire, headers) : body.wire;
  if (!headers.has('user-agent')) headers.set('User-Agent', userAgent, userAgent);

  // What HTTP/1.1 adds around the request's own headers, as the wire has them, so history shows every header.
  const framing = wire === null ? [] : [{ key: 'content-length', value: String(Buffer.byteLength(wire)) }];
  return {
    method: draft.method.toUpperCase(),
    url,
    headers: headers.wire,
    body: wire,
    digest: auth.type === 'digest' ? { username: both(auth.username).wire, password: both(auth.password).wire } : null,
    record: {
      url: keptUrl,
      headers: [{ key: 'host', value: shownHost(url, keptUrl) }, ...maskSecretNamedPairs(headers.kept), ...framing],
      body: body.kept,
    },
    derivedSecrets,
    files: body.files,
  };
}
