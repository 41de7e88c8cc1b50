import { describe, expect, it } from 'vitest';
import { previewImportPlan } from './import-preview.js';
import { planCollection } from './plan-collection.js';

describe('previewImportPlan', () => {
  it('counts, nests the folders and tallies the auth of a collection', () => {
    const preview = previewImportPlan(
      planCollection({
        info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item: [
          {
            name: 'Orders',
            item: [
              { name: 'Lines', item: [{ name: 'Get line', request: 'https://shop.example.com/lines/1' }] },
              {
                name: 'List',
                request: {
                  url: 'https://shop.example.com/orders',
                  auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{t}}' }] },
                },
              },
            ],
          },
          { name: 'Ping', request: 'https://shop.example.com/ping' },
        ],
      }),
    );
    expect(preview).toMatchObject({
      kind: 'collection',
      counts: { folders: 2, endpoints: 3, environments: 0, variables: 0 },
      auth: [
        { type: 'none', count: 2 },
        { type: 'bearer', count: 1 },
      ],
      tree: {
        name: 'Shop',
        endpoints: [{ name: 'Ping', method: 'GET', path: '/ping' }],
        folders: [
          {
            name: 'Orders',
            endpoints: [{ name: 'List' }],
            folders: [{ name: 'Lines', endpoints: [{ name: 'Get line' }], folders: [] }],
          },
        ],
      },
    });
  });

  it('shows an environment file as an environment, its secrets counted', () => {
    const preview = previewImportPlan(
      planCollection({
        name: 'Staging',
        _postman_variable_scope: 'environment',
        values: [
          { key: 'a', value: '1' },
          { key: 'b', value: '2', type: 'secret' },
        ],
      }),
    );
    expect(preview).toMatchObject({
      kind: 'environment',
      counts: { endpoints: 0, environments: 1 },
      environments: [{ name: 'Staging', variables: 2, secrets: 1 }],
    });
  });
});
