/// <reference path="./bruno-lang.d.ts" />
import { AppError, type BrunoCollection } from '@client/core';
import { type BrunoSource, diskBrunoSource } from './bruno-source.js';
import { parseDocument } from './parse-document.js';

/**
 * `@usebruno/lang` compiles its grammars as it loads (about a third of a second), so the first Bruno import loads
 * it rather than every start of the app.
 */
let brunoLang: Promise<typeof import('@usebruno/lang').default> | undefined;

/** A collection this large is not a Bruno collection someone wrote by hand; stop before reading the disk dry. */
const MAX_FILES = 10_000;

function parseBru<T>(
  source: BrunoSource,
  path: string[],
  parse: (text: string) => T,
  failures: BrunoCollection['failures'],
): T | undefined {
  try {
    return parse(source.read(path));
  } catch (error) {
    failures.push({
      file: path.join('/'),
      reason: `it could not be read as a .bru file: ${String((error as Error).message).split('\n')[0]}`,
    });
    return undefined;
  }
}

function seqOf(data: unknown): number {
  const seq = Number((data as { meta?: { seq?: unknown } } | undefined)?.meta?.seq);
  return Number.isFinite(seq) ? seq : Number.MAX_SAFE_INTEGER;
}

/** Reads a Bruno collection folder (`bruno.json`, `collection.bru`, folders of `.bru` files, `environments/`). */
export function readBrunoFolder(folder: string): Promise<BrunoCollection> {
  return readBrunoCollection(diskBrunoSource(folder));
}

/** Reads a Bruno collection from wherever its files are: on disk, or picked in the browser. */
export async function readBrunoCollection(source: BrunoSource): Promise<BrunoCollection> {
  brunoLang ??= import('@usebruno/lang').then((module) => module.default);
  const { bruToEnvJsonV2, bruToJsonV2, collectionBruToJson } = await brunoLang;
  const folder = source.label;
  if (!source.exists(['bruno.json'])) {
    throw new AppError(
      'VALIDATION',
      `${folder} is a folder without bruno.json; a folder is imported only as a Bruno collection`,
    );
  }
  const collection: BrunoCollection = {
    config: parseDocument(source.read(['bruno.json']), 'bruno.json'),
    root: null,
    folders: [],
    requests: [],
    environments: [],
    failures: [],
  };
  if (source.exists(['collection.bru']))
    collection.root = parseBru(source, ['collection.bru'], collectionBruToJson, collection.failures) ?? null;
  let files = 0;
  const walk = (path: string[]): void => {
    const entries = source.list(path).sort((a, b) => a.name.localeCompare(b.name));
    const requests: BrunoCollection['requests'] = [];
    for (const entry of entries) {
      if (++files > MAX_FILES)
        throw new AppError('VALIDATION', `${folder} holds over ${MAX_FILES} files; import a smaller collection`);
      if (entry.isDirectory) {
        if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        if (path.length === 0 && entry.name === 'environments') {
          for (const envFile of source
            .list(['environments'])
            .map((env) => env.name)
            .filter((name) => name.endsWith('.bru'))
            .sort()) {
            const data = parseBru(source, ['environments', envFile], bruToEnvJsonV2, collection.failures);
            if (data !== undefined) collection.environments.push({ name: envFile.replace(/\.bru$/, ''), data });
          }
          continue;
        }
        const folderFile = [...path, entry.name, 'folder.bru'];
        const data = source.exists(folderFile)
          ? parseBru(source, folderFile, collectionBruToJson, collection.failures)
          : undefined;
        collection.folders.push({ path: [...path, entry.name], data: data ?? null });
        walk([...path, entry.name]);
      } else if (
        entry.name.endsWith('.bru') &&
        !(entry.name === 'folder.bru' || (path.length === 0 && entry.name === 'collection.bru'))
      ) {
        const data = parseBru(source, [...path, entry.name], bruToJsonV2, collection.failures);
        if (data !== undefined) requests.push({ path, file: entry.name, data });
      }
    }
    requests.sort((a, b) => seqOf(a.data) - seqOf(b.data));
    collection.requests.push(...requests);
  };
  walk([]);
  return collection;
}
