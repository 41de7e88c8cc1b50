import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  AppError,
  type CollectionFormat,
  detectFormat,
  type ImportPlan,
  planBruno,
  planCollection,
} from '@client/core';
import { type PickedFile, pickedBrunoSource } from './bruno-source.js';
import { MAX_COLLECTION_BYTES } from './collection-limit.js';
import { type DocumentOrigin, dereferenceOpenApi } from './dereference-openapi.js';
import { fetchText } from './fetch-text.js';
import { parseDocument } from './parse-document.js';
import { readBrunoCollection, readBrunoFolder } from './read-bruno-folder.js';

export interface ReadCollectionOptions {
  /** The format the person named; `auto` or absent detects it. */
  format?: CollectionFormat | 'auto';
}

/** Parsed text (a file's, a URL's, or pasted) as an import plan, `$ref`s resolved for OpenAPI and Swagger. */
async function planFromText(
  text: string,
  origin: DocumentOrigin,
  options: ReadCollectionOptions = {},
): Promise<ImportPlan> {
  const label = origin.kind === 'file' ? origin.path : origin.kind === 'url' ? origin.url : 'the pasted text';
  const document = parseDocument(text, label);
  const format = options.format === undefined || options.format === 'auto' ? detectFormat(document) : options.format;
  const resolved =
    (format === 'openapi' || format === 'swagger') && typeof document === 'object' && document !== null
      ? await dereferenceOpenApi(document, origin)
      : document;
  return planCollection(resolved, { format, ...(origin.kind === 'url' ? { sourceUrl: origin.url } : {}) });
}

/** A file, a Bruno folder or an http(s) URL as an import plan; nothing is written. */
export async function readCollection(source: string, options: ReadCollectionOptions = {}): Promise<ImportPlan> {
  if (/^https?:\/\//i.test(source)) {
    return planFromText(await fetchText(source, MAX_COLLECTION_BYTES), { kind: 'url', url: source }, options);
  }
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(source);
  } catch {
    throw new AppError(
      'VALIDATION',
      `${source} does not exist; pass a collection file, a Bruno folder or an http(s) URL`,
    );
  }
  if (stats.isDirectory()) {
    if (options.format !== undefined && options.format !== 'auto' && options.format !== 'bruno') {
      throw new AppError('VALIDATION', `${source} is a folder; only a Bruno collection is imported from a folder`);
    }
    return planBruno(await readBrunoFolder(source));
  }
  if (options.format === 'bruno')
    throw new AppError('VALIDATION', `${source} is a file; a Bruno collection is the folder that holds bruno.json`);
  if (stats.size > MAX_COLLECTION_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `${source} is over 64 MiB`);
  return planFromText(await readFile(source, 'utf8'), { kind: 'file', path: source }, options);
}

/** Pasted text, or a file's text the browser read, as an import plan; only internal `$ref`s are followed. */
export function readCollectionText(text: string, options: ReadCollectionOptions = {}): Promise<ImportPlan> {
  return planFromText(text, { kind: 'text' }, options);
}

/** The files of a Bruno collection folder picked in the browser as an import plan. */
export async function readPickedBruno(files: PickedFile[], options: ReadCollectionOptions = {}): Promise<ImportPlan> {
  if (options.format !== undefined && options.format !== 'auto' && options.format !== 'bruno') {
    throw new AppError('VALIDATION', 'a picked folder is imported only as a Bruno collection');
  }
  return planBruno(await readBrunoCollection(pickedBrunoSource(files)));
}
