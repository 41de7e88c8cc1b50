// Measures (never asserts) listing 10,000 endpoints and the database size they take.
// Run from the repository root after a build: npx tsc -b packages/store && node packages/store/bench/list-endpoints.mjs
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@client/store';

const ENDPOINTS = Number(process.argv[2] ?? 10_000);
const PROJECTS = 50;
const RUNS = 20;

const dir = mkdtempSync(join(tmpdir(), 'client-store-bench-'));
const path = join(dir, 'client.db');

function draft(index) {
  return {
    name: `Update order item ${index}`,
    method: 'PATCH',
    path: `/v1/orders/{{orderId}}/items/${index}`,
    queryParams: [
      { key: 'expand', value: 'product' },
      { key: 'lang', value: 'en' },
    ],
    headers: [
      { key: 'Content-Type', value: 'application/json' },
      { key: 'Accept', value: 'application/json' },
      { key: 'X-Request-Id', value: '{{$guid}}' },
    ],
    body: { mode: 'json', text: JSON.stringify({ quantity: 2, note: 'leave at the door', sku: `SKU-${index}` }) },
    auth: { type: 'bearer', token: '{{token}}' },
    state: 'Developing',
  };
}

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(work) {
  const start = process.hrtime.bigint();
  const result = work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

try {
  const emptyStore = openStore(path);
  emptyStore.close();
  const emptySize = statSync(path).size;

  let store = openStore(path);
  const project = store.projects.create({ name: 'Big', baseUrl: 'https://api.example.com' });
  for (let index = 1; index < PROJECTS; index++) {
    const other = store.projects.create({ name: `Project ${index}` });
    store.endpoints.create(other.id, null, draft(index));
  }
  const insert = time(() =>
    store.transaction(() => {
      for (let index = 0; index < ENDPOINTS; index++) store.endpoints.create(project.id, null, draft(index));
    }),
  );
  store.close();
  const size = statSync(path).size;

  store = openStore(path);
  const first = time(() => store.endpoints.list(project.id));
  const lists = Array.from({ length: RUNS }, () => time(() => store.endpoints.list(project.id)).ms);
  const summaries = Array.from({ length: RUNS }, () => time(() => store.listProjectSummaries()).ms);
  store.close();

  console.log(
    JSON.stringify(
      {
        endpoints: ENDPOINTS,
        listed: first.result.length,
        insertAllInOneTransactionMs: Math.round(insert.ms),
        listFirstCallMs: Number(first.ms.toFixed(1)),
        listMedianMs: Number(median(lists).toFixed(1)),
        projectSummariesOf50MedianMs: Number(median(summaries).toFixed(2)),
        fileBytes: size,
        emptyFileBytes: emptySize,
        bytesPer1000Endpoints: Math.round(((size - emptySize) / ENDPOINTS) * 1000),
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
