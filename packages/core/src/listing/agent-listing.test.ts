import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../model.js';
import { toEndpointListing, toImportResult } from './agent-listing.js';

const endpoint: Endpoint = {
  id: 'e1',
  projectId: 'p1',
  folderId: null,
  name: 'login',
  method: 'POST',
  path: '/auth/login',
  queryParams: [
    { key: 'api_key', value: 'k-123' },
    { key: 'page', value: '2' },
  ],
  headers: [
    { key: 'Authorization', value: 'Bearer abc' },
    { key: 'Cookie', value: 'sid=1' },
    { key: 'X-Trace', value: 't' },
    { key: 'Authorization', value: 'Bearer {{token}}' },
  ],
  body: { mode: 'json', text: '{"email":"a@b.c","password":"pw","nested":{"client_secret":"s"}}' },
  auth: { type: 'basic', username: 'alice', password: 's3cret' },
  state: 'Designing',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('toEndpointListing', () => {
  it('masks authorization, cookies, passwords and secret-named params but keeps variable references', () => {
    const listing = toEndpointListing(endpoint, 'https://api.example.com');
    expect(listing.headers).toEqual([
      { key: 'Authorization', value: '••••' },
      { key: 'Cookie', value: '••••' },
      { key: 'X-Trace', value: 't' },
      { key: 'Authorization', value: 'Bearer {{token}}' },
    ]);
    expect(listing.queryParams).toEqual([
      { key: 'api_key', value: '••••' },
      { key: 'page', value: '2' },
    ]);
    expect(listing.auth).toEqual({ type: 'basic', username: 'alice', password: '••••' });
    expect(JSON.parse((listing.body as { text: string }).text)).toEqual({
      email: 'a@b.c',
      password: '••••',
      nested: { client_secret: '••••' },
    });
    expect(JSON.stringify(listing)).not.toMatch(/s3cret|abc|sid=1|k-123|"pw"/);
  });

  it('carries the fields of a listing (docs/ARCHITECTURE.md#the-agent-surface)', () => {
    expect(Object.keys(toEndpointListing(endpoint, null))).toEqual([
      'endpointId',
      'projectId',
      'folderId',
      'name',
      'method',
      'baseUrl',
      'path',
      'queryParams',
      'headers',
      'body',
      'auth',
      'state',
      'createdAt',
    ]);
  });
});

describe('toImportResult', () => {
  it('adds warning and the parser warnings only when there are some', () => {
    const plain = toImportResult(endpoint, 'https://a', { curlWarnings: [] });
    expect('warning' in plain || 'curlWarnings' in plain).toBe(false);
    const noted = toImportResult(endpoint, 'https://a', {
      warning: 'differs',
      curlWarnings: ['--insecure is ignored'],
    });
    expect(noted.warning).toBe('differs');
    expect(noted.curlWarnings).toEqual(['--insecure is ignored']);
  });
});
