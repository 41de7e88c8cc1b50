import { PassThrough } from 'node:stream';

import fastifyMultipart from '@fastify/multipart';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { type ApiResponse, ResultCode } from '@__groupId__/__artifactId__-api';
import type { SysUserBulkService } from '@__groupId__/__artifactId__-application';

import { withTraceId } from '../../web/global-error-handler.js';
import { apiResponseSchema } from '../../web/unified-response.js';
import type { ExcelConfig } from './excel-config.js';
import { receiveWorkbookFile } from './receive-workbook-file.js';
import {
  type RowProblemVO,
  rowProblemVoSchema,
  type SysUserImportVO,
  sysUserImportVoSchema,
} from './sys-user-import-vo.js';
import { SYS_USER_SHEET, XLSX_CONTENT_TYPE } from './sys-user-sheet.js';
import { importSysUserWorkbook } from './sys-user-workbook-import.js';
import { writeSysUserWorkbook } from './sys-user-workbook-writer.js';

const TAGS = ['sys-user'];
const XLSX_FILE = { type: 'string', contentMediaType: XLSX_CONTENT_TYPE };

/** What `/openapi.json` says of the routes, which answer a file and take a multipart upload. */
const EXPORT_DOCUMENTATION: FastifySchema = {
  summary: 'Every user as an .xlsx workbook',
  description: 'Columns id, name and age, one user a row in id order; streamed as it is written.',
  tags: TAGS,
  openapi: {
    responses: {
      200: { description: 'The workbook (sys-users.xlsx)', content: { [XLSX_CONTENT_TYPE]: { schema: XLSX_FILE } } },
    },
  },
};

const IMPORT_DOCUMENTATION: FastifySchema = {
  summary: 'Create the users of an .xlsx workbook, all or none',
  description: 'Row 1 names the columns name and age; each row is checked with the rules of POST /sys-users.',
  tags: TAGS,
  openapi: {
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: XLSX_FILE }, required: ['file'] },
        },
      },
    },
    responses: {
      200: {
        description: 'Every row was created',
        content: {
          'application/json': {
            schema: apiResponseSchema(sysUserImportVoSchema),
            example: { code: 200, data: { imported: 2, ids: [3, 4] }, msg: 'success' },
          },
        },
      },
      400: {
        description: 'The rows that break a rule (nothing was created), or an upload that is refused (data null)',
        content: {
          'application/json': {
            schema: z.object({
              code: z.literal(ResultCode.BAD_REQUEST),
              data: z.array(rowProblemVoSchema).nullable(),
              msg: z.string(),
              traceId: z.string().optional(),
            }),
            example: {
              code: 400,
              data: [{ row: 3, column: 'name', message: 'must not be blank' }],
              msg: 'the workbook has 1 problem(s); nothing was imported',
            },
          },
        },
      },
    },
  },
};

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

    app.get('/sys-users/export', { schema: EXPORT_DOCUMENTATION }, async (request, reply) => {
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

    app.post(
      '/sys-users/import',
      { schema: IMPORT_DOCUMENTATION },
      async (request, reply): Promise<SysUserImportVO | typeof reply> => {
        const file = await receiveWorkbookFile(request, config.import.maxFileBytes);
        const result = await importSysUserWorkbook(file, bulk, config.import.maxRows);
        if (result.ok) return { imported: result.ids.length, ids: result.ids };
        const body: ApiResponse<readonly RowProblemVO[]> = withTraceId({
          code: ResultCode.BAD_REQUEST,
          data: result.problems,
          msg: `the workbook has ${result.problems.length} problem(s); nothing was imported`,
        });
        request.log.info({ code: body.code, reason: body.msg }, 'request rejected');
        return reply.status(ResultCode.BAD_REQUEST).send(body);
      },
    );
  };
}
