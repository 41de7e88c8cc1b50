import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkProject, openLinkedFolder, refreshLinkedProject, startLinkedFolders } from '@client/app';
import type { ProjectTree } from '@client/core';
import { applyProjectTree, openStore } from '@client/store';
import type { BenchCase } from '../runner/bench-case.js';
import { bestOfAlternating } from '../runner/rounds.js';

const ENDPOINTS = 10_000;
const ROUNDS = 5;

/** Ten folders of 900 endpoints and a thousand at the root, as `ui-open-10k`'s project. */
function bigTree(): ProjectTree {
  const tree: ProjectTree = {
    name: 'Big',
    description: '',
    requestSettings: {},
    variables: [{ key: 'base_url', value: 'https://api.example.com' }],
    folders: Array.from({ length: 10 }, (_, index) => ({ path: [`Folder ${index}`] })),
    endpoints: [],
    environments: [],
  };
  for (let index = 0; index < ENDPOINTS; index++) {
    tree.endpoints.push({
      folder: index < 1000 ? [] : [`Folder ${Math.floor((index - 1000) / 900)}`],
      endpoint: {
        name: `Endpoint ${index}`,
        method: 'GET',
        path: `/items/${index}`,
        queryParams: [{ key: 'q', value: String(index) }],
        headers: [{ key: 'Accept', value: 'application/json' }],
        body: { mode: 'none' },
        auth: { type: 'inherit' },
        state: 'Designing',
      },
    });
  }
  return tree;
}

/**
 * Opening a linked project of 10,000 request files in the running app (its folder checked as the app checks it
 * before an agent's listing or send: what its watcher reported and was not read yet, then a stat a directory for
 * files added or removed since; then the tree rows the window draws) against opening the same project from SQLite
 * alone (the tree rows), in this process. Printed beside it: the first open of the folder in a new data dir (every
 * file read and parsed), and the check with no app running (`client export`, `client run`: a stat a file).
 */
export const openLinked10k: BenchCase = {
  ids: ['open-linked-10k'],
  async run(context) {
    const dir = mkdtempSync(join(tmpdir(), 'client-bench-linked-'));
    const store = openStore(join(dir, 'client.db'));
    try {
      const { id } = store.projects.create({ name: 'Big' });
      applyProjectTree(store, id, bigTree());
      const folder = join(dir, 'big');
      let started = performance.now();
      linkProject(store, id, folder);
      context.log(`  ${ENDPOINTS} request files written in ${Math.round(performance.now() - started)} ms`);
      const fresh = openStore(join(dir, 'fresh.db'));
      started = performance.now();
      const opened = openLinkedFolder(fresh, folder);
      fresh.endpoints.treeRowsJson(opened.projectId);
      context.log(`  first open in a new data dir: ${Math.round(performance.now() - started)} ms`);
      await fresh.close();
      started = performance.now();
      refreshLinkedProject(store, id);
      context.log(`  checked with no app running (a stat a file): ${Math.round(performance.now() - started)} ms`);
      const linked = startLinkedFolders({ store, onChange: () => {} });
      await linked.ready();
      const timed = (work: () => void) => async () => {
        const start = performance.now();
        work();
        return performance.now() - start;
      };
      const best = await bestOfAlternating(
        'lower',
        timed(() => store.endpoints.treeRowsJson(id)),
        timed(() => {
          linked.refresh(id);
          store.endpoints.treeRowsJson(id);
        }),
        ROUNDS,
      );
      await linked.close();
      return [
        {
          id: 'open-linked-10k',
          value: best.ours,
          unit: 'ms',
          baseline: { name: 'the same project opened from SQLite (tree rows)', value: best.baseline },
          goal: { comparison: '<=', ratio: 2 },
          note: `${ENDPOINTS} request files checked as the running app checks them, then the tree rows; best of ${ROUNDS}`,
        },
      ];
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
