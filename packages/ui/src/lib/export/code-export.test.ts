import { parseQuery } from '@client/core';
import { describe, expect, it } from 'vitest';
import { newEndpointDraft } from '../draft.js';
import { exportEndpoint } from './code-export.js';

const lookup = (name: string) => (name === 'base_url' ? 'https://api.example.com' : undefined);

describe('exportEndpoint', () => {
  it('writes the query as written into the Node export: `name=` with its `=`, `name` without', async () => {
    const draft = { ...newEndpointDraft(null), path: '/items', queryParams: parseQuery('empty=&flag&page=2') };
    const code = await exportEndpoint('node', draft, lookup);
    expect(code).toContain("'https://api.example.com/items?empty=&flag&page=2'");
  });
});
