import type { Assertion } from '../assertions/assertion.js';
import { readAssertions } from '../assertions/read-assertions.js';
import { MAX_NAME_LENGTH } from '../constants.js';
import { AppError } from '../errors.js';

/** The fields of an import, as `POST /agent/curl`, the `save_curl` tool and the UI send them. */
export interface ImportRequest {
  command: string;
  projectId?: string;
  name?: string;
  folderId?: string;
  /** Assertion rows saved with the endpoint, checked against each response it gets. */
  tests?: Assertion[];
}

type OptionalField = 'projectId' | 'name' | 'folderId';
const SNAKE_CASE: Record<OptionalField, string | null> = { projectId: 'project_id', name: null, folderId: 'folder_id' };

function readOptionalString(body: Record<string, unknown>, field: OptionalField): string | undefined {
  const snake = SNAKE_CASE[field];
  const camelValue = body[field] ?? undefined;
  const snakeValue = snake === null ? undefined : (body[snake] ?? undefined);
  if (camelValue !== undefined && snakeValue !== undefined && camelValue !== snakeValue) {
    throw new AppError(
      'VALIDATION',
      `${field} and ${snake} were both sent with different values; send only one of them`,
    );
  }
  const value = camelValue ?? snakeValue;
  if (value === undefined) return undefined;
  const label = snake === null ? field : `${field} (or ${snake})`;
  if (typeof value !== 'string') {
    throw new AppError(
      'VALIDATION',
      `${label} must be a string, not ${Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  if (value.trim() === '') throw new AppError('VALIDATION', `${label} must not be empty; leave it out instead`);
  return value;
}

/**
 * Reads an import request body: camelCase or snake_case fields, `null` meaning absent, unknown fields
 * ignored. Throws VALIDATION with a message that says what to send instead. What the command itself
 * must look like is `parseCurl`'s to judge.
 */
export function readImportRequest(body: unknown): ImportRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('VALIDATION', 'the request body must be a JSON object like {"command": "curl https://…"}');
  }
  const fields = body as Record<string, unknown>;
  const command = fields.command ?? undefined;
  if (command === undefined) {
    throw new AppError(
      'VALIDATION',
      'command is required: send {"command": "curl https://…"} with the full cURL command',
    );
  }
  if (typeof command !== 'string') {
    throw new AppError('VALIDATION', `command must be a string holding the full cURL command, not ${typeof command}`);
  }
  if (command.trim() === '') {
    throw new AppError(
      'VALIDATION',
      'command is empty; send the full cURL command, e.g. "curl https://api.example.com/items"',
    );
  }
  const request: ImportRequest = { command };
  const projectId = readOptionalString(fields, 'projectId');
  const name = readOptionalString(fields, 'name');
  const folderId = readOptionalString(fields, 'folderId');
  if (projectId !== undefined) request.projectId = projectId;
  if (name !== undefined) {
    if (name.length > MAX_NAME_LENGTH) {
      throw new AppError('VALIDATION', `name is ${name.length} characters long; use at most ${MAX_NAME_LENGTH}`);
    }
    request.name = name.trim();
  }
  if (folderId !== undefined) request.folderId = folderId;
  const tests = fields.tests ?? undefined;
  if (tests !== undefined) {
    const rows = readAssertions(tests, 'tests');
    if (rows.length > 0) request.tests = rows;
  }
  return request;
}
