import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import $RefParser, { type FileInfo } from '@apidevtools/json-schema-ref-parser';
import { AppError } from '@client/core';
import { isBesideDocument } from './beside-document.js';
import { fetchText } from './fetch-text.js';

/** Where the document came from, which is where its external `$ref`s may point. */
export type DocumentOrigin = { kind: 'file'; path: string } | { kind: 'url'; url: string } | { kind: 'text' };

const MAX_REFERENCED_BYTES = 20 * 1024 * 1024;

function within(folder: string, path: string): boolean {
  const inside = relative(folder, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
}

function readConfinedFile(folder: string, file: FileInfo): string {
  const path = file.url.startsWith('file:') ? fileURLToPath(file.url) : file.url;
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw new AppError('VALIDATION', `the $ref to ${file.reference ?? path} names a file that does not exist`);
  }
  if (!within(realpathSync(folder), real)) {
    throw new AppError(
      'VALIDATION',
      `the $ref to ${file.reference ?? path} leaves the document's folder; only files beside it are read`,
    );
  }
  if (statSync(real).size > MAX_REFERENCED_BYTES) {
    throw new AppError('VALIDATION', `the $ref to ${file.reference ?? path} names a file over 20 MiB`);
  }
  return readFileSync(real, 'utf8');
}

/** The location the parser resolves relative `$ref`s against. */
function baseLocation(origin: DocumentOrigin): string {
  if (origin.kind === 'file') return pathToFileURL(resolve(origin.path)).href;
  if (origin.kind === 'url') return origin.url;
  return pathToFileURL(resolve('pasted-document.json')).href;
}

/**
 * Replaces every `$ref` of an OpenAPI or Swagger document with what it points to, in place. External references
 * are read only from the document's own folder (a file) or below its own URL's folder; pasted text may use
 * internal references only. Circular references stay as object cycles, which the planner stops at.
 */
export async function dereferenceOpenApi(document: object, origin: DocumentOrigin): Promise<unknown> {
  // The parser wraps what a resolver throws in its own error; the first refusal is what the person needs to read.
  let refusal: AppError | undefined;
  const refuse = (error: unknown): never => {
    if (error instanceof AppError) refusal ??= error;
    throw error;
  };
  try {
    return await $RefParser.dereference(baseLocation(origin), document, {
      mutateInputSchema: true,
      resolve: {
        file: false,
        http: false,
        confined: {
          order: 1,
          canRead: true,
          read: async (file: FileInfo) => {
            try {
              if (origin.kind === 'file') return readConfinedFile(dirname(resolve(origin.path)), file);
              if (origin.kind === 'url' && isBesideDocument(origin.url, file.url)) {
                return await fetchText(file.url, MAX_REFERENCED_BYTES, {
                  checkRedirect: (target) => {
                    if (isBesideDocument(origin.url, target)) return;
                    throw new AppError(
                      'VALIDATION',
                      `the $ref to ${file.reference ?? file.url} redirects to ${target}, outside the document's folder; only references beside it are read`,
                    );
                  },
                });
              }
            } catch (error) {
              return refuse(error);
            }
            return refuse(
              new AppError(
                'VALIDATION',
                `the $ref to ${file.reference ?? file.url} points outside the document; only references beside it are read`,
              ),
            );
          },
        },
      },
      dereference: { circular: true },
      timeoutMs: 60_000,
    });
  } catch (error) {
    if (refusal !== undefined) throw refusal;
    if (error instanceof AppError) throw error;
    throw new AppError(
      'VALIDATION',
      `a $ref could not be resolved: ${String((error as Error).message).split('\n')[0]}`,
    );
  }
}
