import type { SysUserBulkService } from '@__groupId__/__artifactId__-application';

import type { RowProblemVO } from './sys-user-import-vo.js';
import { validateSysUserRows } from './sys-user-row-validation.js';
import { readSysUserSheet } from './sys-user-workbook-reader.js';

export type SysUserWorkbookImport =
  | { readonly ok: true; readonly ids: readonly number[] }
  | { readonly ok: false; readonly problems: readonly RowProblemVO[] };

/** Reads an uploaded workbook and imports its users when every row is valid; otherwise imports nothing. */
export async function importSysUserWorkbook(
  file: Buffer,
  bulk: SysUserBulkService,
  maxRows: number,
): Promise<SysUserWorkbookImport> {
  const sheet = await readSysUserSheet(file, maxRows);
  if (!sheet.ok) return sheet;
  const check = validateSysUserRows(sheet.rows);
  if (!check.ok) return check;
  return { ok: true, ids: await bulk.createAll(check.commands) };
}
