import { join } from 'node:path';
import { createMockControl, type MockControl } from '@client/app';
import { openStore, type Store } from '@client/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand } from './support/app-process.js';
import { testPorts } from './support/port-range.js';
import { SHARED } from './support/shared-collections.js';

/* A Postman collection's saved responses, imported by `client import`, replayed by a mock as its examples. */

describe('a mock of an imported Postman collection', () => {
  let store: Store;
  let control: MockControl;
  let url = '';

  beforeAll(async () => {
    const dataDir = createDataDir();
    const collection = join(SHARED, 'postman20/newman-echo-v2.postman_collection.json');
    const imported = await runClientCommand(['import', collection], { dataDir });
    if (imported.code !== 0) throw new Error(`client import failed: ${imported.stderr}`);
    const { projectId } = JSON.parse(imported.stdout) as { projectId: string };
    store = openStore(join(dataDir, 'client.db'));
    control = createMockControl({ store });
    url = (await control.start({ projectId, port: testPorts()[0] ?? 0, startedBy: 'person' })).url;
  }, 60_000);
  afterAll(async () => {
    await control?.stopAll();
    await store?.close();
    await cleanupAppProcesses();
  });

  async function text(path: string, init: RequestInit = {}) {
    const response = await fetch(`${url}${path}`, init);
    return [response.status, await response.text()];
  }

  it('replays the saved 2xx response of a request that has several, and the others on Prefer', async () => {
    expect(await text('/basic-auth')).toEqual([200, '{"authenticated":true}']);
    expect(await text('/basic-auth', { headers: { prefer: 'code=401' } })).toEqual([401, 'Unauthorized']);
    expect(await text('/oauth2/user/info', { headers: { prefer: 'example=401' } })).toEqual([401, 'Unauthorized']);
  });

  it("routes on the path alone, whatever the saved request's query was, for every method", async () => {
    expect(await text('/cookies/set?foo1=bar1')).toEqual([200, '{"cookies":{"foo1":"bar","foo2":"bar"}}']);
    const [status, body] = await text('/oauth2/token', { method: 'POST' });
    expect([status, JSON.parse(String(body))]).toEqual([
      200,
      expect.objectContaining({ access_token: expect.any(String) }),
    ]);
  });
});
