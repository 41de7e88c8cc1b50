import { type ImportRequest, type ParsedCurl, parseCurl, readImportRequest } from '@client/core';
import { readJsonBody } from './json-body.js';

/** A `POST /agent/curl` body read: its fields, and its command parsed (the command text itself is not kept). */
export interface ReadImport {
  request: Omit<ImportRequest, 'command'>;
  parsed: ParsedCurl;
}

/** How the import route reads bodies: `readImport`, answered later (on a thread of its own, see import-reader-pool.ts). */
export interface ImportReader {
  /** Resolves to `readImport(body)`, or rejects with the AppError it threw. */
  read(body: Uint8Array): Promise<ReadImport>;
}

/**
 * Everything costly about an import except saving it: decoding the body, parsing the JSON, reading the fields
 * (`readImportRequest`) and parsing the command (`parseCurl`). Throws their VALIDATION errors.
 */
export function readImport(body: Uint8Array): ReadImport {
  const { command, ...request } = readImportRequest(readJsonBody(body));
  return { request, parsed: parseCurl(command) };
}
