import { isAppError } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTempStores } from '../store.test-support.js';

const temp = useTempStores();

/** Any text a person or an agent could give a name or a path: every plane of Unicode, quotes, controls. */
const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 40 });

describe('the tree rows made as JSON by SQLite', () => {
  it('read back as the same values the endpoints are read with, whatever their names and paths hold', () => {
    const store = temp.open();
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: text, path: text, inFolder: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        (drafts) => {
          const { id: projectId } = store.projects.create({ name: 'P' });
          const folder = store.folders.create({ projectId, name: 'F' });
          for (const { name, path, inFolder } of drafts) {
            try {
              store.endpoints.create(projectId, inFolder ? folder.id : null, { name, path });
            } catch (caught) {
              // A name of only spaces, a path with a query, … are refused as everywhere; what is kept must show.
              if (!isAppError(caught) || caught.code !== 'VALIDATION') throw caught;
            }
          }
          const rows = JSON.parse(store.endpoints.treeRowsJson(projectId).toString('utf8'));
          expect(rows).toEqual(
            store.endpoints
              .list(projectId)
              .map(({ id, folderId, name, method, path, state }) => [id, folderId, name, method, path, state]),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
