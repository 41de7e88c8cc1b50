import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyImportPlan, openStore } from '@client/store';
import { createDataDir } from '../../../e2e/support/app-process.js';
import { dereferenceOpenApi } from '../../../packages/app/src/collections/dereference-openapi.js';
import { readCollection } from '../../../packages/app/src/collections/read-collection.js';
import type { BenchCase } from '../runner/bench-case.js';
import { bestOfAlternating } from '../runner/rounds.js';

/** The real GitHub REST description (3 MB, 600+ operations), kept beside the repository, not in it. */
// bench/build.mjs bundles this case into bench/dist, two folders below the repository root.
const GITHUB_OPENAPI = join(import.meta.dirname, '../../../shared/collections/large/api.github.com.json');

/**
 * A whole import of the GitHub OpenAPI document (read, parse, dereference, plan, write to a fresh SQLite file in
 * one transaction) against the least any import must do: JSON.parse plus a full `$ref` dereference of the same
 * document, in the same run.
 */
export const importOpenApiLarge: BenchCase = {
  ids: ['import-openapi-large'],
  async run(context) {
    if (!existsSync(GITHUB_OPENAPI))
      throw new Error(`${GITHUB_OPENAPI} is absent; this case needs ../shared/collections`);
    const text = readFileSync(GITHUB_OPENAPI, 'utf8');
    let endpoints = 0;
    const baseline = async () => {
      const started = performance.now();
      await dereferenceOpenApi(JSON.parse(text), { kind: 'file', path: GITHUB_OPENAPI });
      return performance.now() - started;
    };
    const ours = async () => {
      const databasePath = join(createDataDir(), 'client.db');
      const started = performance.now();
      const plan = await readCollection(GITHUB_OPENAPI);
      const store = openStore(databasePath);
      try {
        endpoints = applyImportPlan(store, plan).created.endpoints;
      } finally {
        await store.close();
      }
      return performance.now() - started;
    };
    const result = await bestOfAlternating('lower', baseline, ours);
    context.log(`  import ${result.ours.toFixed(0)} ms, JSON.parse + dereference ${result.baseline.toFixed(0)} ms`);
    return [
      {
        id: 'import-openapi-large',
        value: result.ours,
        unit: 'ms',
        baseline: { name: 'JSON.parse + full $ref dereference of the same document', value: result.baseline },
        goal: { comparison: '<=', ratio: 3 },
        note: `${endpoints} endpoints written in one transaction to a fresh client.db`,
      },
    ];
  },
};
