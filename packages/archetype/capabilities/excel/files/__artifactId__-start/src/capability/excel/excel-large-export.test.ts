import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApplication, type TestApplication } from '../../test-application.test-support.js';
import { rowsOf, uploadForm, workbookOf } from './excel-test-workbooks.test-support.js';

const IMPORTED = 3000;

let service: TestApplication;

beforeAll(async () => {
  service = await startTestApplication();
});
afterAll(() => service.application.close());

function url(path: string): string {
  return `${service.application.url}${path}`;
}

async function importFile(file: Buffer): Promise<{ status: number; body: { data: { imported: number } } }> {
  const response = await service.fetch(url('/sys-users/import'), { method: 'POST', body: uploadForm(file) });
  return { status: response.status, body: (await response.json()) as { data: { imported: number } } };
}

async function userCount(): Promise<number> {
  const response = await fetch(url('/sys-users/page'));
  return ((await response.json()) as { data: { totalCount: number } }).data.totalCount;
}

describe('a few thousand users', () => {
  it('imports them in one request', async () => {
    const rows = Array.from({ length: IMPORTED }, (_, i) => [`user ${i + 1}`, i % 151]);
    const answer = await importFile(await workbookOf([['name', 'age'], ...rows]));
    expect(answer.status).toBe(200);
    expect(answer.body.data.imported).toBe(IMPORTED);
    expect(await userCount()).toBe(IMPORTED + 2);
  });

  it('exports every one of them in id order, streamed in chunks over several pages', async () => {
    const response = await fetch(url('/sys-users/export'));
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    const rows = await rowsOf(await response.arrayBuffer());
    expect(rows).toHaveLength(1 + 2 + IMPORTED);
    expect(rows.slice(0, 3)).toEqual([
      ['id', 'name', 'age'],
      [1, 'alice', 20],
      [2, 'bob', 30],
    ]);
    expect(rows.slice(3)).toEqual(Array.from({ length: IMPORTED }, (_, i) => [i + 3, `user ${i + 1}`, i % 151]));
  });

  it('imports an exported workbook back as new users, ignoring its id column', async () => {
    const exported = Buffer.from(await (await fetch(url('/sys-users/export'))).arrayBuffer());
    const before = await userCount();
    const answer = await importFile(exported);
    expect(answer.status).toBe(200);
    expect(answer.body.data.imported).toBe(before);
    expect(await userCount()).toBe(2 * before);
  });

  it('keeps serving when a client drops a download midway', async () => {
    const abort = new AbortController();
    const response = await fetch(url('/sys-users/export'), { signal: abort.signal });
    const body = response.body?.getReader();
    expect((await body?.read())?.done).toBe(false);
    abort.abort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await userCount()).toBeGreaterThan(IMPORTED);
    expect(service.logLines().filter((line) => (line.level as number) >= 40)).toEqual([]);
  });
});
