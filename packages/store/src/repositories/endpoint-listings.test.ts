import type { Endpoint } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storedEndpoint } from '../endpoint-arbitrary.test-support.js';
import { openStore } from '../store.js';
import { useTempStores } from '../store.test-support.js';

const temp = useTempStores();

describe('endpoint listings', () => {
  it('listingsJson is exactly the JSON of listings, in creation order, for any saved endpoints', () => {
    let run = 0;
    fc.assert(
      fc.property(
        fc.array(storedEndpoint, { minLength: 0, maxLength: 5 }),
        fc.option(fc.constantFrom('https://api.example.com', 'https://u:pw@x.test'), { nil: null }),
        (drafts, baseUrl) => {
          const store = openStore(temp.path(`listing-${run++}.db`));
          try {
            const project = store.projects.create({ name: 'Shop' });
            const folder = store.folders.create({ projectId: project.id, name: 'F' });
            const saved: Endpoint[] = drafts.map(({ id: _id, createdAt: _c, updatedAt: _u, ...draft }, index) =>
              store.endpoints.create(project.id, index % 2 === 0 ? null : folder.id, {
                ...draft,
                name: `endpoint ${index}`,
                method: draft.method,
                path: draft.path.replace(/[?#]/g, ''),
              }),
            );
            expect(store.endpoints.list(project.id)).toEqual(saved);
            const listings = store.endpoints.listings(project.id, baseUrl);
            expect(listings.map((listing) => listing.endpointId)).toEqual(saved.map((endpoint) => endpoint.id));
            expect(store.endpoints.listingsJson(project.id, baseUrl).toString('utf8')).toBe(JSON.stringify(listings));
          } finally {
            store.close();
          }
        },
      ),
      { numRuns: 60 },
    );
    // Each run opens a database file of its own: slow on a busy machine.
  }, 60_000);

  it('refuses an unknown project with NOT_FOUND', () => {
    const store = temp.open();
    expect(() => store.endpoints.listingsJson('nope', null)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
