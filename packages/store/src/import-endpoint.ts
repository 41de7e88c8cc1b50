import {
  AppError,
  BASE_URL_VARIABLE,
  checkImportFolder,
  chooseImportProject,
  type Endpoint,
  fileReferences,
  type PlannedEndpoint,
  planBaseUrl,
} from '@client/core';
import type { AgentWrittenRepository } from './repositories/agent-written-repository.js';
import type { EndpointRepository } from './repositories/endpoint-repository.js';
import type { FolderRepository } from './repositories/folder-repository.js';
import type { ProjectRepository } from './repositories/project-repository.js';
import type { UnconfirmedUploadRepository } from './repositories/unconfirmed-upload-repository.js';
import type { VariableRepository } from './repositories/variable-repository.js';
import type { StoreContext } from './store-context.js';

export interface ImportEndpointInput {
  planned: PlannedEndpoint;
  /** Who wrote the command (an agent when not said): an agent's endpoint is marked so until the person saves it. */
  writtenBy?: 'agent' | 'person';
  projectId?: string;
  folderId?: string;
}

export interface ImportOutcome {
  endpoint: Endpoint;
  projectName: string;
  /** The project's `base_url` after the import; null when it has none. */
  baseUrl: string | null;
  /** Set when the project's `base_url` differs from the command's origin and was left unchanged. */
  warning?: string;
  /** Whether the import created the `Agent imports` project. */
  createdProject: boolean;
  /** From `importCurl` only, when there are any: the command's options that were ignored or not honoured. */
  curlWarnings?: string[];
}

export interface ImportRepositories {
  projects: ProjectRepository;
  folders: FolderRepository;
  variables: VariableRepository;
  endpoints: EndpointRepository;
  unconfirmedUploads: UnconfirmedUploadRepository;
  agentWritten: AgentWrittenRepository;
}

interface Candidate {
  id: string;
  name: string;
}

/** The projects rule 4 chooses from: all of them, or only the one asked for. */
function readCandidates(context: StoreContext, projectId: string | undefined): Candidate[] {
  return projectId === undefined
    ? context.statement<Candidate>('SELECT id, name FROM projects ORDER BY name COLLATE NOCASE, created_at, seq').all()
    : context.statement<Candidate>('SELECT id, name FROM projects WHERE id = ?').all(projectId);
}

function candidateNamed(candidates: readonly Candidate[], projectId: string): Candidate {
  const candidate = candidates.find((project) => project.id === projectId);
  if (candidate === undefined) throw new AppError('INTERNAL', `project ${projectId} was chosen without being read`);
  return candidate;
}

/**
 * Import rules 4–7 (docs/ARCHITECTURE.md#import-rules) in one `BEGIN IMMEDIATE` transaction: choose or create the project,
 * check the folder, apply the `base_url` rule and save the endpoint in state Designing. Holding the write
 * lock from the first read means two processes importing into an empty database create one
 * `Agent imports` project between them, and any failure leaves nothing behind.
 */
export function importEndpoint(
  context: StoreContext,
  repositories: ImportRepositories,
  input: ImportEndpointInput,
): ImportOutcome {
  const { projects, folders, variables, endpoints, unconfirmedUploads, agentWritten } = repositories;
  return context.write(() => {
    const candidates = readCandidates(context, input.projectId);
    const choice = chooseImportProject(candidates, input.projectId);
    const project =
      choice.kind === 'create' ? projects.create({ name: choice.name }) : candidateNamed(candidates, choice.projectId);
    if (input.folderId !== undefined) checkImportFolder(folders.get(input.folderId), input.folderId, project.id);
    const { origin, draft } = input.planned;
    const current = variables.get(project.id, BASE_URL_VARIABLE);
    const plan = planBaseUrl(current, origin, draft.path);
    if (plan.action === 'write') variables.set(project.id, BASE_URL_VARIABLE, plan.value);
    const endpoint = endpoints.create(project.id, input.folderId ?? null, { ...draft, state: 'Designing' });
    // Whoever wrote the command chose these files; the person has not seen them yet.
    unconfirmedUploads.add(endpoint.id, fileReferences(draft.body));
    if (input.writtenBy !== 'person') agentWritten.mark(endpoint.id);
    return {
      endpoint,
      projectName: project.name,
      baseUrl: plan.action === 'write' ? plan.value : (current ?? null),
      ...(plan.action === 'warn' ? { warning: plan.warning } : {}),
      createdProject: choice.kind === 'create',
    };
  });
}
