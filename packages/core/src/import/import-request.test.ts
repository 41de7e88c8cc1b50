import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { readImportRequest } from './import-request.js';

const command = 'curl https://api.example.com/items';

describe('readImportRequest', () => {
  it('accepts camelCase and snake_case fields alike', () => {
    expect(readImportRequest({ command, projectId: 'p1', folderId: 'f1', name: 'Items' })).toEqual({
      command,
      projectId: 'p1',
      folderId: 'f1',
      name: 'Items',
    });
    expect(readImportRequest({ command, project_id: 'p1', folder_id: 'f1' })).toEqual({
      command,
      projectId: 'p1',
      folderId: 'f1',
    });
  });

  it('treats null as absent and ignores unknown fields', () => {
    expect(readImportRequest({ command, projectId: null, name: null, extra: 1 })).toEqual({ command });
  });

  it('reads assertion rows in tests, an empty list or null as none', () => {
    const tests = [{ source: 'jsonpath', property: '$.id', operator: 'exists' }];
    expect(readImportRequest({ command, tests })).toEqual({
      command,
      tests: [{ source: 'jsonpath', property: '$.id', operator: 'exists', value: '' }],
    });
    expect(readImportRequest({ command, tests: [] })).toEqual({ command });
    expect(readImportRequest({ command, tests: null })).toEqual({ command });
  });

  it('accepts both spellings with the same value and refuses different ones', () => {
    expect(readImportRequest({ command, projectId: 'p1', project_id: 'p1' })).toEqual({ command, projectId: 'p1' });
    expect(() => readImportRequest({ command, projectId: 'p1', project_id: 'p2' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('send only one of them') }),
    );
  });

  it.each([
    [null, 'must be a JSON object'],
    [[command], 'must be a JSON object'],
    ['curl x', 'must be a JSON object'],
    [{}, 'command is required'],
    [{ command: null }, 'command is required'],
    [{ command: 42 }, 'command must be a string'],
    [{ command: '   ' }, 'command is empty'],
    [{ command, projectId: 7 }, 'projectId (or project_id) must be a string'],
    [{ command, folder_id: [] }, 'must be a string, not an array'],
    [{ command, name: '' }, 'name must not be empty'],
    [{ command, name: 'x'.repeat(201) }, 'use at most 200'],
    [{ command, tests: {} }, 'tests must be an array'],
    [{ command, tests: [{ source: 'status', operator: 'eq', value: 200 }, { source: 'status' }] }, 'tests[1].operator'],
    [{ command, tests: [{ source: 'status', operator: 'gt', value: 'many' }] }, 'tests[0].value must be a number'],
  ])('refuses %j with VALIDATION saying %s', (body, message) => {
    expect(() => readImportRequest(body)).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining(message) }),
    );
  });

  it('ends in a request or a VALIDATION AppError for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        try {
          readImportRequest(body);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('VALIDATION');
        }
      }),
      { numRuns: 2000 },
    );
  });
});
