import { isAbsolute } from 'node:path';
import { AppError } from '@client/core';
import type { FastifyInstance } from 'fastify';
import type { FolderSync, LinkStatuses } from '../../linked/link-status.js';
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

function absoluteFolder(folder: string): string {
  if (!isAbsolute(folder)) {
    throw new AppError('VALIDATION', `the folder "${folder}" is not an absolute path; give its full path, as /home/…`);
  }
  return folder;
}

function requireSync(context: UiContext): { sync: FolderSync; statuses: LinkStatuses } {
  if (context.linked === undefined) {
    throw new AppError('NOT_FOUND', 'this app cannot link projects to folders; start it from a build that can');
  }
  return context.linked;
}

/** Linking a project to a folder, opening a folder as a project, and a linked project's status. */
export function registerLinkedFolderRoutes(app: FastifyInstance, context: UiContext): void {
  app.get<{ Params: ProjectParams }>(
    '/api/projects/:projectId/link',
    { schema: { params: idParams('projectId') } },
    async (request) => {
      const { projectId } = request.params;
      if (context.store.projects.get(projectId) === undefined) {
        throw new AppError('NOT_FOUND', `no project "${projectId}"; it may have been deleted`);
      }
      if (context.linked === undefined) return { linked: false };
      const status = await context.linked.statuses.status(projectId);
      return status === null ? { linked: false } : { linked: true, ...status };
    },
  );

  app.post<{ Params: ProjectParams; Body: { folder: string } }>(
    '/api/projects/:projectId/link',
    { schema: { params: idParams('projectId'), body: folderBody } },
    async (request) => {
      const { sync, statuses } = requireSync(context);
      const { projectId } = request.params;
      sync.link(projectId, absoluteFolder(request.body.folder));
      context.stream.send('link-status-changed', { projectId });
      return { linked: true, ...(await statuses.status(projectId)) };
    },
  );

  app.post<{ Body: { folder: string } }>(
    '/api/projects/open-folder',
    { schema: { body: folderBody } },
    async (request, reply) => {
      const { sync } = requireSync(context);
      const projectId = sync.open(absoluteFolder(request.body.folder));
      return reply.code(201).send({ projectId });
    },
  );
}
