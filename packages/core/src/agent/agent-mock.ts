import { invalid, readRecord, readString, refuseUnknown } from '../field-readers.js';

/** What an agent asks for with `POST /agent/mocks` and `start_mock`, after `readAgentMockRequest`. */
export interface AgentMockRequest {
  projectId: string;
  /** Mock only the endpoints at or below this folder; null: the whole project. */
  folderId: string | null;
}

const FIELDS = ['projectId', 'folderId'] as const;
const MAX_ID_LENGTH = 200;

/**
 * Reads the body of `POST /agent/mocks`; unknown fields are refused by name (an agent gets no port, delay or
 * validation switch: those are the person's). Throws VALIDATION naming the field.
 */
export function readAgentMockRequest(value: unknown): AgentMockRequest {
  const input = readRecord(value ?? null, 'the mock');
  refuseUnknown(input, FIELDS, 'the mock');
  const { projectId, folderId } = input;
  if (typeof projectId !== 'string' || projectId.trim() === '') {
    throw invalid('projectId is required: the project to mock, from list_projects');
  }
  if (folderId !== undefined && folderId !== null && (typeof folderId !== 'string' || folderId.trim() === '')) {
    throw invalid('folderId must be the id of a folder of the project (list_folders), or null');
  }
  return {
    projectId: readString(projectId, 'projectId', MAX_ID_LENGTH),
    folderId: typeof folderId === 'string' ? readString(folderId, 'folderId', MAX_ID_LENGTH) : null,
  };
}
