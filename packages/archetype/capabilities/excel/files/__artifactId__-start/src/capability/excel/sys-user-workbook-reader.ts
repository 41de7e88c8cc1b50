import ExcelJS from 'exceljs';

import { ExcelRequestError } from './excel-request-error.js';
import type { RowProblemVO } from './sys-user-import-vo.js';
import { SYS_USER_SHEET } from './sys-user-sheet.js';
import { firstWorksheetRows } from './xlsx-stream.js';

const HEADER_ROW = 1;
const NUMERIC_TEXT = /^\s*[-+]?\d+(\.\d+)?\s*$/;

/** One user row as the sheet holds it, before validation. */
export interface SysUserSheetRow {
  readonly row: number;
  readonly name: string;
  readonly age: number | string | undefined;
}

export type SysUserSheet =
  | { readonly ok: true; readonly rows: readonly SysUserSheetRow[] }
  | { readonly ok: false; readonly problems: readonly RowProblemVO[] };

/** The text a cell shows. exceljs can answer a number here for a string cell of a damaged file. */
function textOf(cell: ExcelJS.Cell): string {
  return String(cell.text ?? '');
}

/** A number cell, a formula with a number result, or text that spells a number (a column formatted as text). */
function numberCell(cell: ExcelJS.Cell): number | string | undefined {
  const value = cell.type === ExcelJS.ValueType.Formula ? cell.result : cell.value;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const text = textOf(cell);
  return NUMERIC_TEXT.test(text) ? Number(text) : text;
}

/**
 * Where the import columns stand, found by the header names in the first row (any order, any case), or a
 * problem for each one missing.
 */
function locateColumns(header: ExcelJS.Row | undefined): { name: number; age: number } | RowProblemVO[] {
  const found = new Map<string, number>();
  header?.eachCell((cell, column) => {
    const name = textOf(cell).trim().toLowerCase();
    if (!found.has(name)) found.set(name, column);
  });
  const name = found.get('name');
  const age = found.get('age');
  if (name !== undefined && age !== undefined) return { name, age };
  const expected = SYS_USER_SHEET.importColumns.join(', ');
  return SYS_USER_SHEET.importColumns
    .filter((column) => !found.has(column))
    .map((column) => ({
      row: HEADER_ROW,
      column,
      message: `no "${column}" header: the first row names the columns ${expected} (id and others are ignored)`,
    }));
}

function hasValues(row: ExcelJS.Row): boolean {
  return Array.isArray(row.values) && row.values.some((value) => value !== null && value !== undefined && value !== '');
}

function notAWorkbook(error: unknown): ExcelRequestError {
  const reason = error instanceof Error ? error.message : String(error);
  return ExcelRequestError.badRequest(`the file is not an .xlsx workbook (${reason})`);
}

/**
 * The user rows of the first worksheet of an .xlsx file, read as a stream: rows are parsed as the sheet is
 * inflated (see `firstWorksheetRows`) and the reading stops at the first row past `maxRows`, so a workbook of a
 * million rows under the upload limit costs no more memory or time than one of `maxRows` rows. Refuses a file that is not a workbook (400), has no
 * user rows (400) or more than `maxRows` of them (413); a missing header column is reported as a row problem.
 */
export async function readSysUserSheet(file: Buffer, maxRows: number): Promise<SysUserSheet> {
  const rows: SysUserSheetRow[] = [];
  let columns: { name: number; age: number } | undefined;
  try {
    for await (const row of firstWorksheetRows(file)) {
      if (columns === undefined) {
        // The first row the sheet holds is the header only when it is row 1.
        const located = locateColumns(row.number === HEADER_ROW ? row : undefined);
        if (Array.isArray(located)) return { ok: false, problems: located };
        columns = located;
        if (row.number === HEADER_ROW) continue;
      }
      if (!hasValues(row)) continue;
      if (rows.length === maxRows) {
        throw ExcelRequestError.tooLarge(`the workbook has more than ${maxRows} user rows (excel.import.maxRows)`);
      }
      rows.push({
        row: row.number,
        name: textOf(row.getCell(columns.name)),
        age: numberCell(row.getCell(columns.age)),
      });
    }
  } catch (error) {
    throw error instanceof ExcelRequestError ? error : notAWorkbook(error);
  }
  if (rows.length === 0) {
    throw ExcelRequestError.badRequest('the workbook has no user rows: the first row names the columns name and age');
  }
  return { ok: true, rows };
}
