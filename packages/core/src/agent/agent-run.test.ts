import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { AGENT_RUN_DEFAULT_TIMEOUT_MS, readAgentRunRequest } from './agent-run.js';

describe('readAgentRunRequest', () => {
  it('fills in the defaults, null meaning absent', () => {
    const expected = {
      projectId: 'p1',
      folderId: null,
      environmentId: null,
      iterations: 1,
      timeoutMs: AGENT_RUN_DEFAULT_TIMEOUT_MS,
    };
    expect(readAgentRunRequest({ projectId: 'p1' })).toEqual(expected);
    expect(
      readAgentRunRequest({ projectId: 'p1', folderId: null, environmentId: null, iterations: null, timeoutMs: null }),
    ).toEqual(expected);
    expect(
      readAgentRunRequest({ projectId: 'p1', folderId: 'f1', environmentId: 'v1', iterations: 3, timeoutMs: 2000 }),
    ).toEqual({ projectId: 'p1', folderId: 'f1', environmentId: 'v1', iterations: 3, timeoutMs: 2000 });
  });

  it.each([
    [undefined, 'must be an object'],
    [[], 'must be an object'],
    [{}, 'projectId is required'],
    [{ projectId: ' ' }, 'projectId is required'],
    [{ projectId: 'p1', folder: 'f1' }, 'no field "folder"'],
    [{ projectId: 'p1', folderId: 7 }, 'folderId must be the id of a folder'],
    [{ projectId: 'p1', environmentId: '' }, 'environmentId must be the id of an environment'],
    [{ projectId: 'p1', iterations: 0 }, 'iterations must be a whole number from 1 to 10000'],
    [{ projectId: 'p1', timeoutMs: 999 }, 'timeoutMs must be a whole number from 1000 to 600000'],
    [{ projectId: 'p1', timeoutMs: 1.5e3 + 0.5 }, 'timeoutMs'],
  ])('refuses %j with VALIDATION saying %s', (body, message) => {
    expect(() => readAgentRunRequest(body)).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining(message) }),
    );
  });

  it('ends in a request or a VALIDATION AppError for any JSON value', () => {
    const field = fc.oneof(fc.jsonValue(), fc.constantFrom('p1', 5, 1000, null));
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        { projectId: field, folderId: field, environmentId: field, iterations: field, timeoutMs: field },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(body, (value) => {
        try {
          readAgentRunRequest(value);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('VALIDATION');
        }
      }),
      { numRuns: 2000 },
    );
  });
});
