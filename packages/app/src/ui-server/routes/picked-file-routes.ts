import { join } from 'node:path';
import { AppError } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { keepPickedFile, PICKED_FILE_LIMIT } from '../../files/picked-files.js';
import type { UiContext } from '../ui-context.js';

/**
 * `POST /api/picked-files?name=…`: the bytes of a file picked in the window (a body file or a multipart file
 * part), kept in the data dir; the answer's `path` is what the endpoint then sends.
 */
export function registerPickedFileRoutes(app: FastifyInstance, context: UiContext): void {
  const dir = join(context.options.agent().dataDir, 'picked-files');
  // Raw bytes only here: every other route takes JSON.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: PICKED_FILE_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post<{ Querystring: { name: string }; Body: Buffer }>(
      '/api/picked-files',
      {
        bodyLimit: PICKED_FILE_LIMIT,
        schema: {
          querystring: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', minLength: 1, maxLength: 1024 } },
          },
        },
      },
      (request, reply) => {
        // An empty file arrives without a body.
        const bytes: unknown = request.body ?? Buffer.alloc(0);
        if (!Buffer.isBuffer(bytes)) throw new AppError('VALIDATION', 'send the file as application/octet-stream');
        return reply.code(201).send(keepPickedFile(dir, request.query.name, bytes));
      },
    );
  });
}
