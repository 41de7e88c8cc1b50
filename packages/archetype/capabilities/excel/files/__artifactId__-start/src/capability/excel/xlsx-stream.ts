import { Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

import ExcelJS from 'exceljs';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_RECORD_SEARCH = 22 + 65_535;
/** Inflated bytes allowed for a part other than the sheet (shared strings, relations): a zip bomb stops here. */
const MAX_PART_BYTES = 32 * 1024 * 1024;

/** Why a file cannot be read as a workbook, in the words of the answer's `msg`. */
export class NotAWorkbookError extends Error {
  override readonly name = 'NotAWorkbookError';
}

interface Part {
  readonly method: number;
  readonly data: Buffer;
}

/** The parts of a zip file by name, found through its central directory (the whole file is in memory). */
function zipParts(zip: Buffer): Map<string, Part> {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - END_RECORD_SEARCH); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new NotAWorkbookError('it is not a zip file');
  const count = zip.readUInt16LE(end + 10);
  const parts = new Map<string, Part>();
  let at = zip.readUInt32LE(end + 16);
  for (let k = 0; k < count; k++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER) {
      throw new NotAWorkbookError('its zip directory is damaged');
    }
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_FILE_HEADER) {
      throw new NotAWorkbookError(`its zip entry ${name} is damaged`);
    }
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressedSize > zip.length) throw new NotAWorkbookError(`its zip entry ${name} is cut short`);
    parts.set(name, { method, data: zip.subarray(start, start + compressedSize) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return parts;
}

/** Stops a stream with an error once more than `limit` bytes went through. */
function byteLimit(limit: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new NotAWorkbookError(`its ${what} inflates to more than ${limit} bytes`) : null, chunk);
    },
  });
}

/** A part's bytes as a stream, inflated as they are read; damaged data fails the stream rather than stalling it. */
function openPart(parts: Map<string, Part>, name: string, limit = Number.POSITIVE_INFINITY): Readable | undefined {
  const part = parts.get(name);
  if (!part) return undefined;
  const source = Readable.from([part.data]);
  let stream: Readable;
  if (part.method === 0) stream = source;
  else if (part.method === 8) {
    const inflate = createInflateRaw();
    source.pipe(inflate);
    stream = inflate;
  } else throw new NotAWorkbookError(`its zip entry ${name} uses compression method ${part.method}`);
  if (!Number.isFinite(limit)) return stream;
  const limited = byteLimit(limit, name);
  stream.on('error', (error) => limited.destroy(error));
  return stream.pipe(limited);
}

/** exceljs's streaming reader, as far as it is used here: its part parsers, fed parts in the order chosen here. */
interface WorkbookReaderParts {
  sharedStrings?: unknown[];
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(chunks: AsyncIterable<Buffer>, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

/** `xl/worksheets/sheetN.xml` of the workbook's first sheet (in its tab order), and N. */
function firstSheet(reader: WorkbookReaderParts, parts: Map<string, Part>): { path: string; number: string } {
  const rId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  const path = target === undefined ? undefined : `xl/${target.replace(/^\/?(xl\/)?/, '')}`;
  const byPath = path === undefined ? undefined : /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(path);
  if (byPath?.[1] && parts.has(byPath[0])) return { path: byPath[0], number: byPath[1] };
  const numbers = [...parts.keys()]
    .map((name) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1])
    .filter((number) => number !== undefined)
    .sort((a, b) => Number(a) - Number(b));
  if (numbers[0] === undefined) throw new NotAWorkbookError('it has no worksheet');
  return { path: `xl/worksheets/sheet${numbers[0]}.xml`, number: numbers[0] };
}

/**
 * The rows of the first worksheet of an .xlsx file, parsed as the sheet inflates: the caller may stop at any
 * row, and what lies after it is never inflated. The relations, the workbook and the shared strings are read
 * first, whatever order the zip stores them in (Excel and exceljs write the sheets first, which would make a
 * plain streaming reader inflate a whole sheet to a temporary file before its first row). Damaged data ends
 * the rows with a `NotAWorkbookError`, or with exceljs's own parse error.
 */
export async function* firstWorksheetRows(file: Buffer): AsyncGenerator<ExcelJS.Row> {
  const parts = zipParts(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookReaderParts;
  const relations = openPart(parts, 'xl/_rels/workbook.xml.rels', MAX_PART_BYTES);
  if (relations) await reader._parseRels(relations);
  const workbook = openPart(parts, 'xl/workbook.xml', MAX_PART_BYTES);
  if (!workbook) throw new NotAWorkbookError('it has no xl/workbook.xml');
  await reader._parseWorkbook(workbook);
  const sharedStrings = openPart(parts, 'xl/sharedStrings.xml', MAX_PART_BYTES);
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
  const sheet = firstSheet(reader, parts);
  const chunks = openPart(parts, sheet.path) as Readable;
  try {
    for (const { value: worksheet } of reader._parseWorksheet(chunks, sheet.number)) yield* worksheet;
  } finally {
    chunks.destroy();
  }
}
