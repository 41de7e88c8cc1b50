import ExcelJS from 'exceljs';

import { XLSX_CONTENT_TYPE } from './sys-user-sheet.js';

/** An .xlsx file whose first worksheet holds `rows`, the first of them being the header. */
export async function workbookOf(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The cell values of the first worksheet of an .xlsx file, row by row (empty rows left out). */
export async function rowsOf(file: ArrayBuffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** A multipart form with `file` in the field `field`, as a browser or `curl -F` sends it. */
export function uploadForm(file: Buffer | string, field = 'file', fileName = 'sys-users.xlsx'): FormData {
  const form = new FormData();
  form.append(field, new Blob([file], { type: XLSX_CONTENT_TYPE }), fileName);
  return form;
}
