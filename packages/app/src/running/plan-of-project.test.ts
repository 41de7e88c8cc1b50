import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRunOptions } from '@client/core';
import { describe, expect, it } from 'vitest';
import { openFileCollection } from './plan-of-file.js';
import { planOfProject } from './plan-of-project.js';

const request = (name: string) => ({ name, request: { method: 'GET', url: `https://api.example.test/${name}` } });

describe('planOfProject', () => {
  it('runs an imported collection in its own item order, folders and requests interleaved, as newman does', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'client-plan-')), 'mixed.postman_collection.json');
    writeFileSync(
      file,
      JSON.stringify({
        info: { name: 'Mixed', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item: [
          request('first'),
          {
            name: 'Folder',
            item: [request('inner-1'), { name: 'Deeper', item: [request('deepest')] }, request('inner-2')],
          },
          { name: 'Empty', item: [] },
          request('last'),
        ],
      }),
    );
    const collection = await openFileCollection(file);
    try {
      const plan = await planOfProject(
        collection.store,
        collection.secrets,
        readRunOptions({ projectId: collection.projectId }),
      );
      expect(plan.requests.map((planned) => planned.item.name)).toEqual([
        'first',
        'inner-1',
        'deepest',
        'inner-2',
        'last',
      ]);
    } finally {
      await collection.close();
    }
  });
});
