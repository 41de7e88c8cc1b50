import { AppError, COLLECTION_FORMATS, type CollectionFormat, type ImportPlan, previewImportPlan } from '@client/core';
import { applyImportPlan, MERGE_MODES, type MergeMode, readBackup } from '@client/store';
import type { FastifyInstance } from 'fastify';
import { backupCounts, sealBackup } from '../../collections/backup-file.js';
import { MAX_COLLECTION_BYTES } from '../../collections/collection-limit.js';
import { EXPORT_FORMATS, type ExportFormat, exportProject, exportText } from '../../collections/export-project.js';
import { parseBackupFile, restoreBackupFile } from '../../collections/restore-backup-file.js';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

/** What the browser sends: pasted or read text, the files of a picked Bruno folder, or an address to fetch. */
type ImportSource =
  | { kind: 'text'; text: string }
  | { kind: 'files'; files: { path: string; text: string }[] }
  | { kind: 'url'; url: string };

interface ImportBody {
  source: ImportSource;
  format?: CollectionFormat | 'auto';
  /** Merge into this project; without it a new project is created. */
  projectId?: string;
  onMatch?: MergeMode;
}

const text = { type: 'string' } as const;

const importBodySchema = {
  type: 'object',
  required: ['source'],
  properties: {
    source: {
      type: 'object',
      required: ['kind'],
      oneOf: [
        { required: ['text'], properties: { kind: { const: 'text' }, text } },
        {
          required: ['files'],
          properties: {
            kind: { const: 'files' },
            files: {
              type: 'array',
              minItems: 1,
              items: { type: 'object', required: ['path', 'text'], properties: { path: text, text } },
            },
          },
        },
        { required: ['url'], properties: { kind: { const: 'url' }, url: text } },
      ],
    },
    format: { enum: ['auto', ...COLLECTION_FORMATS] },
    projectId: text,
    onMatch: { enum: [...MERGE_MODES] },
  },
} as const;

/** A picked file or pasted text may be as large as a file the CLI reads; the rest of the API keeps its limit. */
const IMPORT_BODY_LIMIT = MAX_COLLECTION_BYTES + 1024 * 1024;

async function planOf(body: ImportBody): Promise<ImportPlan> {
  // The formats' parsers (YAML, $ref resolution, Bruno's language) are read at the first import, not with the routes.
  const { readCollection, readCollectionText, readPickedBruno } = await import('../../collections/read-collection.js');
  const options = body.format === undefined ? {} : { format: body.format };
  const { source } = body;
  if (source.kind === 'text') return readCollectionText(source.text, options);
  if (source.kind === 'files') return readPickedBruno(source.files, options);
  // Only an address is fetched here: a path would let the page read the app's disk.
  if (!/^https?:\/\/[^/]/i.test(source.url.trim())) {
    throw new AppError(
      'VALIDATION',
      `${source.url} is not an http or https address; paste the address of a collection`,
    );
  }
  return readCollection(source.url.trim(), options);
}

const hasSecrets = (plan: ImportPlan): boolean =>
  plan.environments.some((environment) => environment.variables.some((variable) => variable.secret));

const fileNameOf = (name: string, suffix: string): string =>
  `${name.replace(/[^\p{L}\p{N}._ -]+/gu, '-').trim() || 'project'}.${suffix}.json`;

/** Importing collections (preview, then one transaction), exporting a project or a folder, and a backup. */
export function registerCollectionRoutes(app: FastifyInstance, context: UiContext): void {
  const { store } = context;

  app.post<{ Body: ImportBody }>(
    '/api/imports/preview',
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: importBodySchema } },
    async (request) => {
      const plan = await planOf(request.body);
      // A dry run inside a transaction that is rolled back: the same writes, nothing kept.
      const summary = applyImportPlan(store, plan, {
        ...(request.body.projectId === undefined ? {} : { projectId: request.body.projectId }),
        ...(request.body.onMatch === undefined ? {} : { onMatch: request.body.onMatch }),
        dryRun: true,
        sealSecret: (plain) => plain,
      });
      return { preview: previewImportPlan(plan), outcome: summary };
    },
  );

  app.post<{ Body: ImportBody }>(
    '/api/imports',
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: importBodySchema } },
    async (request, reply) => {
      const plan = await planOf(request.body);
      const box = hasSecrets(plan) ? await context.secrets() : null;
      const summary = applyImportPlan(store, plan, {
        ...(request.body.projectId === undefined ? {} : { projectId: request.body.projectId }),
        ...(request.body.onMatch === undefined ? {} : { onMatch: request.body.onMatch }),
        ...(box === null ? {} : { sealSecret: (plain: string) => box.encrypt(plain) }),
      });
      // Every window's project list and open workspace follow, as they do for a write by another process.
      context.options.events.emit('projects-changed', { dataVersion: store.dataVersion() });
      return reply.code(201).send(summary);
    },
  );

  app.get<{ Params: { projectId: string }; Querystring: { format: ExportFormat; folderId?: string } }>(
    '/api/projects/:projectId/export',
    {
      schema: {
        params: idParams('projectId'),
        querystring: {
          type: 'object',
          required: ['format'],
          properties: { format: { enum: [...EXPORT_FORMATS] }, folderId: text },
        },
      },
    },
    (request) => {
      const { projectId } = request.params;
      const { format, folderId } = request.query;
      const result = exportProject(store, projectId, format, folderId);
      const project = store.projects.get(projectId);
      const folder = folderId === undefined ? undefined : store.folders.get(folderId);
      const name = folder?.name ?? project?.name ?? 'project';
      return {
        fileName: fileNameOf(name, format === 'openapi' ? 'openapi' : 'postman_collection'),
        text: exportText(result),
        warnings: result.warnings,
      };
    },
  );

  app.post<{ Body: { passphrase?: string } }>(
    '/api/backup',
    {
      schema: {
        body: { type: 'object', properties: { passphrase: { type: 'string' } } },
      },
    },
    async (request) => {
      const passphrase = request.body.passphrase ?? null;
      if (passphrase !== null && passphrase.length < 8) {
        throw new AppError('VALIDATION', 'the passphrase needs 8 characters or more; secrets are encrypted with it');
      }
      const backup = readBackup(store);
      const { file, secrets } = await sealBackup(backup, passphrase, context.secrets);
      const day = new Date().toISOString().slice(0, 10);
      return {
        fileName: `client-backup-${day}.json`,
        text: `${JSON.stringify(file)}\n`,
        ...backupCounts(backup, passphrase, secrets),
      };
    },
  );

  app.post<{ Body: { text: string; passphrase?: string } }>(
    '/api/restore',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        body: {
          type: 'object',
          required: ['text'],
          properties: { text, passphrase: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const file = parseBackupFile(request.body.text, 'the file');
      const passphrase =
        request.body.passphrase === undefined || request.body.passphrase === '' ? null : request.body.passphrase;
      const summary = await restoreBackupFile(context.store, file, passphrase, context.secrets, 'the file');
      context.options.events.emit('projects-changed', { dataVersion: store.dataVersion() });
      return reply.code(201).send({
        ...summary,
        secretsInFile: file.secrets !== null && file.secrets !== undefined,
      });
    },
  );
}
