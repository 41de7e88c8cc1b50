import { isAppError, type ParsedCurl, parseCurl, serializeUrlencoded } from '@client/core';
import type { FormEntry } from '../fixtures/corpus.js';
import type { ParserOutcome, WireAuth } from './wire-request.js';

function multipartEntries(parsed: ParsedCurl): FormEntry[] | null {
  if (parsed.body?.mode !== 'multipart') return null;
  return parsed.body.parts.map((part): FormEntry => {
    if (part.file === undefined && part.contentType === undefined) return [part.name, part.value ?? ''];
    const { name: _name, ...rest } = part;
    return [part.name, rest];
  });
}

function wireAuth(parsed: ParsedCurl): WireAuth | null {
  const { auth } = parsed;
  if (auth === null) return null;
  if (auth.type === 'bearer') return { type: 'bearer', token: auth.token };
  // The corpus names AWS's key pair as the user and password `-u` gave.
  if (auth.type === 'awsSigV4') return { type: auth.type, username: auth.accessKeyId, password: auth.secretAccessKey };
  return { ...auth };
}

/** `parseCurl` of @client/core, its result in the shape the corpus judge reads. */
export function parseWithParseCurl(command: string): ParserOutcome {
  let parsed: ParsedCurl;
  try {
    parsed = parseCurl(command);
  } catch (error) {
    if (isAppError(error)) return 'refused';
    throw error;
  }
  const { body } = parsed;
  return {
    method: parsed.method,
    url: parsed.url,
    headers: parsed.headers.map((header) => [header.name, header.value]),
    bodyText: body?.mode === 'raw' ? body.text : body?.mode === 'urlencoded' ? serializeUrlencoded(body.fields) : null,
    bodyFile: body?.mode === 'file' ? body.path : null,
    multipart: multipartEntries(parsed),
    auth: wireAuth(parsed),
  };
}
