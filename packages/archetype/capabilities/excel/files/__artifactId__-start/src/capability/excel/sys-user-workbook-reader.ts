import ExcelJS from 'exceljs';

import { ExcelRequestError } from './excel-request-error.js';
import type { RowProblemVO } from './sys-user-import-vo.js';
import { SYS_USER_SHEET } from './sys-user-sheet.js';

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

async function loadWorkbook(file: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer: a copy of the upload, at most excel.import.maxFileBytes.
    await workbook.xlsx.load(new Uint8Array(file).buffer);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw ExcelRequestError.badRequest(`the file is not an .xlsx workbook (${reason})`);
  }
  return workbook;
}

/**
 * Where the import columns stand, found by the header names in the first row (any order, any case), or a
 * problem for each one missing.
 */
function locateColumns(sheet: ExcelJS.Worksheet): { name: number; age: number } | RowProblemVO[] {
  const found = new Map<string, number>();
  sheet.getRow(HEADER_ROW).eachCell((cell, column) => {
    const header = textOf(cell).trim().toLowerCase();
    if (!found.has(header)) found.set(header, column);
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

/**
 * The user rows of the first worksheet of an .xlsx file. Refuses a file that is not a workbook (400), has no
 * user rows (400) or more than `maxRows` of them (413); a missing header column is reported as a row problem.
 */
export async function readSysUserSheet(file: Buffer, maxRows: number): Promise<SysUserSheet> {
  const sheet = (await loadWorkbook(file)).worksheets[0];
  const rowCount = sheet ? sheet.actualRowCount - 1 : 0;
  if (!sheet || rowCount <= 0) {
    throw ExcelRequestError.badRequest('the workbook has no user rows: the first row names the columns name and age');
  }
  if (rowCount > maxRows) {
    throw ExcelRequestError.tooLarge(
      `the workbook has ${rowCount} user rows, more than ${maxRows} (excel.import.maxRows)`,
    );
  }
  const columns = locateColumns(sheet);
  if (Array.isArray(columns)) return { ok: false, problems: columns };
  const rows: SysUserSheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === HEADER_ROW) return;
    rows.push({ row: number, name: textOf(row.getCell(columns.name)), age: numberCell(row.getCell(columns.age)) });
  });
  return { ok: true, rows };
}
