import { describe, expect, it } from 'vitest';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

describe('listProjectSummaries', () => {
  it('lists every project with its base_url and endpoint count, ordered like the project list', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'shop', description: 'web shop', baseUrl: 'https://shop.test' });
    const billing = store.projects.create({ name: 'Billing' });
    const empty = store.projects.create({ name: 'Archive' });
    const folder = store.folders.create({ projectId: shop.id, name: 'Orders' });
    store.endpoints.create(shop.id, null, { name: 'a' });
    store.endpoints.create(shop.id, folder.id, { name: 'b' });
    store.endpoints.create(billing.id, null, { name: 'c' });
    store.variables.set(billing.id, 'other', 'x');
    expect(store.listProjectSummaries()).toEqual([
      {
        projectId: empty.id,
        name: 'Archive',
        description: '',
        baseUrl: null,
        endpointCount: 0,
        createdAt: empty.createdAt,
        updatedAt: empty.updatedAt,
      },
      {
        projectId: billing.id,
        name: 'Billing',
        description: '',
        baseUrl: null,
        endpointCount: 1,
        createdAt: billing.createdAt,
        updatedAt: billing.updatedAt,
      },
      {
        projectId: shop.id,
        name: 'shop',
        description: 'web shop',
        baseUrl: 'https://shop.test',
        endpointCount: 2,
        createdAt: shop.createdAt,
        updatedAt: shop.updatedAt,
      },
    ]);
  });

  it('is empty for a new database', () => {
    expect(temp.open().listProjectSummaries()).toEqual([]);
  });
});
