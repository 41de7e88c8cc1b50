import type { FastifyRequest } from 'fastify';

import { ExcelRequestError } from './excel-request-error.js';

/** The form field the workbook is uploaded in: `curl -F file=@sys-users.xlsx …`. */
export const WORKBOOK_FORM_FIELD = 'file';

/** `@fastify/multipart` and busboy errors, reworded to say what to send instead. */
function uploadError(error: unknown, maxFileBytes: number): Error {
  if (error instanceof ExcelRequestError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return ExcelRequestError.tooLarge(`the file is larger than ${maxFileBytes} bytes (excel.import.maxFileBytes)`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return ExcelRequestError.badRequest(`send one file only, in the form field "${WORKBOOK_FORM_FIELD}"`);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return ExcelRequestError.badRequest(`the multipart body cannot be read (${reason})`);
}

/**
 * The one uploaded file of a multipart request, held in memory up to `maxFileBytes`. Other form fields are
 * skipped. Refuses a request that is not multipart (415), has no file, an empty file or a file in another
 * field (400), more than one file (400) or a larger file (413).
 */
export async function receiveWorkbookFile(request: FastifyRequest, maxFileBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw ExcelRequestError.unsupportedMediaType(
      `send the workbook as multipart/form-data, in the form field "${WORKBOOK_FORM_FIELD}"`,
    );
  }
  let file: Buffer | undefined;
  try {
    const limits = { fileSize: maxFileBytes, files: 1, fields: 16, fieldSize: 1024 };
    for await (const part of request.parts({ limits })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== WORKBOOK_FORM_FIELD) {
        throw ExcelRequestError.badRequest(
          `the workbook goes in the form field "${WORKBOOK_FORM_FIELD}", not "${part.fieldname}"`,
        );
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error, maxFileBytes);
  }
  if (!file)
    throw ExcelRequestError.badRequest(`no file: send the workbook in the form field "${WORKBOOK_FORM_FIELD}"`);
  if (file.length === 0) throw ExcelRequestError.badRequest('the uploaded file is empty');
  return file;
}
