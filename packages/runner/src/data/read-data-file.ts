import { AppError, type DataRow, RUN_LIMITS } from '@client/core';
import { type CastingContext, CsvError, parse } from 'csv-parse/sync';
import { jsonErrorLine } from './json-error-line.js';

export type DataFileFormat = 'csv' | 'json';

function invalid(message: string): AppError {
  return new AppError('VALIDATION', message);
}

function checkCount(rows: readonly DataRow[], fileName: string): DataRow[] {
  if (rows.length === 0) throw invalid(`${fileName} holds no data rows; give at least one, or run without data`);
  if (rows.length > RUN_LIMITS.maxDataRows) {
    throw invalid(`${fileName} holds ${rows.length} rows; a run takes at most ${RUN_LIMITS.maxDataRows}`);
  }
  return [...rows];
}

/*
 * newman's casting of an unquoted CSV value (lib/util.js isInt and isFloat, kept as they are so a data file
 * gives scripts the values newman gives them): whole numbers without a leading zero, and what its float test
 * takes, become numbers; quoted values stay text.
 */
const isInt = (value: string): boolean => /^(-|\+)?([1-9]+[0-9]*)$/.test(value);
const isFloat = (value: string): boolean => (value as unknown as number) - Number.parseFloat(value) + 1 >= 0;

function castAsNewman(value: string, context: CastingContext): unknown {
  if (context.quoting) return value;
  if (isInt(value)) return Number.parseInt(value, 10);
  if (isFloat(value)) return Number.parseFloat(value);
  return value;
}

/**
 * A CSV data file read as newman reads one: the first row names the columns, each row after it is an
 * iteration; values around delimiters trimmed, a row with more or fewer values than columns taken as it is.
 * Throws a VALIDATION AppError naming the file and the line.
 */
export function readCsvData(text: string, fileName: string): DataRow[] {
  let rows: DataRow[];
  try {
    rows = parse(text, {
      columns: true,
      escape: '"',
      cast: castAsNewman,
      trim: true,
      relax_quotes: true,
      relax_column_count: true,
      bom: true,
    }) as DataRow[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines;
    const reason = error.message.replace(/^Invalid Record Length: /, '').replace(/:?\s*at line \d+.*$/s, '');
    throw invalid(`${fileName}, line ${line ?? '?'}: ${reason}; fix the file or save it again as CSV`);
  }
  return checkCount(rows, fileName);
}

/** A JSON data file: an array of objects, one an iteration. Throws a VALIDATION AppError naming the file and line. */
export function readJsonData(text: string, fileName: string): DataRow[] {
  const source = text.replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    throw invalid(`${fileName}, line ${jsonErrorLine(source, error as Error)}: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw invalid(`${fileName} must hold a JSON array of objects, one per iteration`);
  const index = parsed.findIndex((row) => typeof row !== 'object' || row === null || Array.isArray(row));
  if (index !== -1) {
    throw invalid(`${fileName}: item ${index + 1} of the array is not an object of variable names and values`);
  }
  return checkCount(parsed as DataRow[], fileName);
}

/**
 * A data file for a run's iterations (newman's `-d`), read as its name says (`.csv`, `.json`); a name that says
 * neither is read as newman reads it: as JSON when it parses, else as CSV.
 */
export function readDataFile(text: string, fileName: string, format?: DataFileFormat): DataRow[] {
  const chosen = format ?? (/\.json$/i.test(fileName) ? 'json' : /\.csv$/i.test(fileName) ? 'csv' : undefined);
  if (chosen === 'json') return readJsonData(text, fileName);
  if (chosen === 'csv') return readCsvData(text, fileName);
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return readCsvData(text, fileName);
  }
  return readJsonData(text, fileName);
}
