import { PassThrough } from 'node:stream';

import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { type ApiResponse, ResultCode } from '@__groupId__/__artifactId__-api';
import type { SysUserBulkService } from '@__groupId__/__artifactId__-application';

import type { ExcelConfig } from './excel-config.js';
import { receiveWorkbookFile } from './receive-workbook-file.js';
import type { RowProblemVO, SysUserImportVO } from './sys-user-import-vo.js';
import { SYS_USER_SHEET, XLSX_CONTENT_TYPE } from './sys-user-sheet.js';
import { importSysUserWorkbook } from './sys-user-workbook-import.js';
import { writeSysUserWorkbook } from './sys-user-workbook-writer.js';

export interface ExcelControllerDependencies {
  readonly bulk: SysUserBulkService;
  readonly config: ExcelConfig;
}

/**
 * `GET /sys-users/export` answers a file, streamed, and so returns `reply` itself, which the unified response
 * leaves alone; `POST /sys-users/import` answers the unified body, with the row problems as `data` on a 400.
 */
export function excelController({ bulk, config }: ExcelControllerDependencies): FastifyPluginAsyncZod {
  return async (app) => {
    // Any body other than multipart reaches the import handler unread, which then names what to send instead
    // of the server-wide "send application/json".
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    await app.register(fastifyMultipart);

    app.get('/sys-users/export', async (request, reply) => {
      const output = new PassThrough();
      writeSysUserWorkbook(bulk, output, config.export.pageSize).catch((error: unknown) => {
        request.log.error({ err: error }, 'the user export failed');
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${SYS_USER_SHEET.fileName}"`)
        .send(output);
    });

    app.post('/sys-users/import', async (request, reply): Promise<SysUserImportVO | typeof reply> => {
      const file = await receiveWorkbookFile(request, config.import.maxFileBytes);
      const result = await importSysUserWorkbook(file, bulk, config.import.maxRows);
      if (result.ok) return { imported: result.ids.length, ids: result.ids };
      const body: ApiResponse<readonly RowProblemVO[]> = {
        code: ResultCode.BAD_REQUEST,
        data: result.problems,
        msg: `the workbook has ${result.problems.length} problem(s); nothing was imported`,
      };
      request.log.info({ code: body.code, msg: body.msg }, 'request rejected');
      return reply.status(ResultCode.BAD_REQUEST).send(body);
    });
  };
}
