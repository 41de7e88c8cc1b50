import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { filterEndpoints, isWholeListing, readEndpointFilter } from './agent-lists.js';

const endpoints = [
  { name: 'List orders', path: '/orders', folderId: null },
  { name: 'Get user', path: '/users/{{id}}', folderId: 'f1' },
  { name: 'Delete user', path: '/users/1', folderId: 'f1' },
];

describe('the endpoint filter', () => {
  it('keeps the whole listing when nothing is asked', () => {
    const filter = readEndpointFilter({ folderId: '', query: null });
    expect(isWholeListing(filter)).toBe(true);
    expect(filterEndpoints(endpoints, filter)).toEqual(endpoints);
  });

  it('selects by folder and by name or path, ignoring case, a page at a time', () => {
    expect(filterEndpoints(endpoints, readEndpointFilter({ folderId: 'f1' })).map((e) => e.name)).toEqual([
      'Get user',
      'Delete user',
    ]);
    expect(filterEndpoints(endpoints, readEndpointFilter({ query: 'USER' })).map((e) => e.name)).toEqual([
      'Get user',
      'Delete user',
    ]);
    expect(filterEndpoints(endpoints, readEndpointFilter({ query: '/orders' })).map((e) => e.name)).toEqual([
      'List orders',
    ]);
    expect(filterEndpoints(endpoints, readEndpointFilter({ limit: '1', cursor: '1' })).map((e) => e.name)).toEqual([
      'Get user',
    ]);
  });

  it('refuses a limit or cursor that is not a whole number in range', () => {
    expect(() => readEndpointFilter({ limit: '0' })).toThrow('limit must be a whole number from 1 to 10000');
    expect(() => readEndpointFilter({ cursor: '-1' })).toThrow('cursor must be a whole number');
    expect(() => readEndpointFilter({ query: ['a', 'b'] })).toThrow('query must be a string');
  });

  it('throws nothing but a VALIDATION AppError for any query string', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('folderId', 'query', 'limit', 'cursor'), fc.jsonValue()), (query) => {
        try {
          readEndpointFilter(query);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('VALIDATION');
        }
      }),
    );
  });
});
