import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { readAgentMockRequest } from './agent-mock.js';

describe('readAgentMockRequest', () => {
  it('reads the project and the folder, null or absent meaning the whole project', () => {
    expect(readAgentMockRequest({ projectId: 'p1' })).toEqual({ projectId: 'p1', folderId: null });
    expect(readAgentMockRequest({ projectId: 'p1', folderId: null })).toEqual({ projectId: 'p1', folderId: null });
    expect(readAgentMockRequest({ projectId: 'p1', folderId: 'f1' })).toEqual({ projectId: 'p1', folderId: 'f1' });
  });

  it.each([
    [undefined, 'must be an object'],
    [[], 'must be an object'],
    [{}, 'projectId is required'],
    [{ projectId: '  ' }, 'projectId is required'],
    [{ projectId: 'p1', port: 4010 }, 'no field "port"'],
    [{ projectId: 'p1', folderId: 7 }, 'folderId must be the id of a folder'],
    [{ projectId: 'p1', folderId: '' }, 'folderId must be the id of a folder'],
    [{ projectId: 'p'.repeat(201) }, 'projectId is 201 characters long'],
  ])('refuses %j with VALIDATION saying %s', (body, message) => {
    expect(() => readAgentMockRequest(body)).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining(message) }),
    );
  });

  it('ends in a request or a VALIDATION AppError for any JSON value', () => {
    const field = fc.oneof(fc.jsonValue(), fc.constantFrom('p1', '', null));
    const body = fc.oneof(fc.jsonValue(), fc.record({ projectId: field, folderId: field }, { requiredKeys: [] }));
    fc.assert(
      fc.property(body, (value) => {
        try {
          const read = readAgentMockRequest(value);
          expect(typeof read.projectId).toBe('string');
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('VALIDATION');
        }
      }),
      { numRuns: 2000 },
    );
  });
});
