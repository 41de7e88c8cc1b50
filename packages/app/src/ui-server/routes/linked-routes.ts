import { isAbsolute } from 'node:path';
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

/** The window names a folder in full: a relative one would be taken from wherever the app happened to start. */
function absoluteFolder(folder: string): string {
  if (!isAbsolute(folder)) {
    throw new AppError('VALIDATION', `the folder "${folder}" is not an absolute path; give its full path, as /home/…`);
  }
  return folder;
}

/**
 * A project kept as files: its link, the files that cannot be read and git's view of the folder (`GET`), linking it
 * (`POST`), unlinking it (`DELETE`: the files stay), and opening a folder of files as a project. What changes on disk afterwards comes as `linked-files-changed` events.
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
    async (request) => {
      const { projectId } = request.params;
      if (context.store.projects.get(projectId) === undefined) {
        throw new AppError('NOT_FOUND', `no project "${projectId}"; it may have been deleted`);
      }
      // With git's side: the branch, the files changed since the last commit and the endpoints they hold.
      const status = await context.linked?.statuses.status(projectId);
      if (status === undefined || status === null) return { linked: false, folder: null, problems: [] };
      return { linked: true, ...status };
    },
  );

  app.post<{ Params: ProjectParams; Body: { folder: string } }>(
    '/api/projects/:projectId/link',
    { schema: { params: idParams('projectId'), body: folderBody } },
    (request) => linked().link(request.params.projectId, absoluteFolder(request.body.folder)),
  );

  app.delete<{ Params: ProjectParams }>(
    '/api/projects/:projectId/link',
    { schema: { params: idParams('projectId') } },
    (request) => {
      const result = linked().unlink(request.params.projectId);
      // Every window's status line and menus follow, as they do for a write by another process.
      context.options.events.emit('projects-changed', { dataVersion: context.store.dataVersion() });
      return result;
    },
  );

  app.post<{ Body: { folder: string } }>('/api/linked-folders/open', { schema: { body: folderBody } }, (request) =>
    linked().open(absoluteFolder(request.body.folder)),
  );
}
