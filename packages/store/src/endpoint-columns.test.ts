import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertionRows, storedEndpoint } from './endpoint-arbitrary.test-support.js';
import { type EndpointRow, toEndpoint, toEndpointParameters } from './endpoint-columns.js';

/** The row SQLite hands back for the parameters the repository wrote. */
function rowOf(parameters: ReturnType<typeof toEndpointParameters>): EndpointRow {
  const { id, projectId, folderId, queryParams, bodyMode, createdAt, updatedAt, ...columns } = parameters;
  return {
    ...(columns as Omit<EndpointRow, 'id' | 'project_id' | 'folder_id' | 'query_params' | 'body_mode'>),
    id: id as string,
    project_id: projectId as string,
    folder_id: folderId as string | null,
    query_params: queryParams as string | null,
    body_mode: bodyMode as string,
    created_at: createdAt as number,
    updated_at: updatedAt as number | null,
  };
}

describe('endpoint columns', () => {
  it('read back every endpoint exactly as written: secrets, duplicates, empty values, unicode', () => {
    fc.assert(
      fc.property(
        storedEndpoint,
        fc.option(fc.uuid(), { nil: null }),
        fc.option(assertionRows, { nil: undefined }),
        (generated, folderId, tests) => {
          const endpoint = {
            ...generated,
            projectId: randomUUID(),
            folderId,
            ...(tests === undefined ? {} : { tests }),
          };
          const read = toEndpoint(rowOf(toEndpointParameters(endpoint)));
          expect(read).toEqual(endpoint);
          expect(Object.keys(read).sort()).toEqual(Object.keys(endpoint).sort());
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('store the common empty values as NULL and an unchanged time once', () => {
    const parameters = toEndpointParameters({
      id: 'e',
      projectId: 'p',
      folderId: null,
      name: 'n',
      method: 'GET',
      path: '/',
      queryParams: [],
      headers: [
        { key: 'a', value: 'b' },
        { key: 'a', value: 'c', enabled: false },
      ],
      body: { mode: 'json', text: '{"a":"b"}' },
      auth: { type: 'none' },
      state: 'Designing',
      createdAt: '2024-01-02T03:04:05.678Z',
      updatedAt: '2024-01-02T03:04:05.678Z',
    });
    expect(parameters).toMatchObject({
      queryParams: null,
      headers: '[["a","b"],["a","c",0]]',
      bodyMode: 'json',
      body: '{"a":"b"}',
      auth: null,
      settings: null,
      scripts: null,
      tests: null,
      createdAt: Date.UTC(2024, 0, 2, 3, 4, 5, 678),
      updatedAt: null,
    });
  });
});
