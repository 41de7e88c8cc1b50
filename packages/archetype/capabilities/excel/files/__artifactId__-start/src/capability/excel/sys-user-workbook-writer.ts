import type { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';

import ExcelJS from 'exceljs';

import type { SysUserBulkService } from '@__groupId__/__artifactId__-application';

import { SYS_USER_SHEET } from './sys-user-sheet.js';

/** Uncompressed sheet bytes allowed to wait for the zip before the next piece of users is read. */
const ZIP_BACKLOG_BYTES = 1024 * 1024;
const BACKLOG_POLL_MS = 1;

interface BufferedStream {
  readonly _writableState?: { readonly length: number };
  readonly _readableState?: { readonly length: number };
}

/**
 * Sheet bytes exceljs has handed to the zip that the compressor has not taken yet. exceljs's row writer pushes
 * into the zip entry without waiting for it (its StreamBuf ignores backpressure), so nothing pushes back on
 * `addRow`: the export watches the entry's buffers instead. They are stream internals exceljs 4.4 does not
 * expose; if they are missing, the count is 0 and the export runs without this brake.
 */
function zipBacklog(sheet: ExcelJS.Worksheet): number {
  const entry = (sheet as unknown as { stream?: { pipes?: readonly BufferedStream[] } }).stream?.pipes?.[0];
  return (entry?._writableState?.length ?? 0) + (entry?._readableState?.length ?? 0);
}

/**
 * Resolves once the zip has taken the sheet bytes waiting for it, or `output` has been closed (the client
 * went away). The zip only takes more while `output` is read, so a slow client slows the export down too.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet, output: Writable): Promise<void> {
  while (zipBacklog(sheet) > ZIP_BACKLOG_BYTES && !output.destroyed) await delay(BACKLOG_POLL_MS);
}

/**
 * Streams every user into `output` as an .xlsx workbook, reading `pageSize` users at a time in id order (each
 * piece after the last id of the one before, so the cost per piece stays flat) and committing each row as it
 * is written, so memory holds about one piece whatever the table size. Before each piece it waits for the zip
 * to catch up, so neither compression nor a slow client lets rows pile up in memory, and it stops reading
 * when `output` is closed. The pieces are separate reads, not one snapshot: a user created or changed during
 * an export shows up as it is when its piece is read.
 */
export async function writeSysUserWorkbook(
  bulk: Pick<SysUserBulkService, 'listAfter'>,
  output: Writable,
  pageSize: number,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(SYS_USER_SHEET.name);
  sheet.columns = SYS_USER_SHEET.exportColumns.map(({ header, width }) => ({ header, key: header, width }));
  let afterId = 0;
  for (;;) {
    const users = await bulk.listAfter(afterId, pageSize);
    for (const user of users) sheet.addRow([user.id, user.name, user.age]).commit();
    const last = users.at(-1);
    if (!last || users.length < pageSize) break;
    afterId = last.id;
    await zipCaughtUp(sheet, output);
    if (output.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}
