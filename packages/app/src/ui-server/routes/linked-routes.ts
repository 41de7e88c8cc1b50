import { AppError } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

interface ProjectParams {
  projectId: string;
}

const folderBody = {
  type: 'object',
  required: ['folder'],
  properties: { folder: { type: 'string', minLength: 1 } },
} as const;

/**
 * A project kept as files: its link and the files that cannot be read (`GET`), linking it (`POST`), and opening a
 * folder of files as a project. What changes on disk afterwards comes as `linked-files-changed` events.
 */
export function registerLinkedRoutes(app: FastifyInstance, context: UiContext): void {
  const linked = () => {
    const folders = context.options.linked;
    if (folders === undefined) throw new AppError('INTERNAL', 'this app runs without linked folders');
    return folders;
  };

  app.get<{ Params: ProjectParams }>(
    '/api/projects/:projectId/link',
    { schema: { params: idParams('projectId') } },
    (request) => {
      const { projectId } = request.params;
      const link = context.store.linkedFolders.ofProject(projectId);
      if (link === undefined) return { linked: false, folder: null, problems: [] };
      return { linked: true, folder: link.folder, problems: linked().problems(projectId) };
    },
  );

  app.post<{ Params: ProjectParams; Body: { folder: string } }>(
    '/api/projects/:projectId/link',
    { schema: { params: idParams('projectId'), body: folderBody } },
    (request) => linked().link(request.params.projectId, request.body.folder),
  );

  app.post<{ Body: { folder: string } }>('/api/linked-folders/open', { schema: { body: folderBody } }, (request) =>
    linked().open(request.body.folder),
  );
}
