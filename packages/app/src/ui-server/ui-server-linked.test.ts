import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, endpointDraft, readEvents, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('a linked project in the window', () => {
  it('links a project, announces an edit made on disk, and writes what the window saves', async () => {
    const projectId = (await api(app, 'POST', '/api/projects', { name: 'Shop', baseUrl: 'https://shop.example.com' }))
      .json.id;
    const created = await api(
      app,
      'POST',
      `/api/projects/${projectId}/endpoints`,
      endpointDraft({ name: 'Orders', path: '/orders' }),
    );
    const endpointId = created.json.id;
    const folder = join(app.dataDir, 'repo', 'api');
    const linked = await api(app, 'POST', `/api/projects/${projectId}/link`, { folder });
    expect(linked.json).toMatchObject({ projectId, folder, direction: 'written', problems: [] });
    expect((await api(app, 'GET', `/api/projects/${projectId}/link`)).json).toMatchObject({
      linked: true,
      folder,
      problems: [],
    });
    await app.linked.ready();

    const events = await readEvents(app);
    try {
      const changed = events.next('linked-files-changed');
      const file = join(folder, 'Orders.yml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('/orders', '/orders/open'));
      expect(await changed).toMatchObject({
        projectId,
        changedEndpoints: [{ endpointId, draft: { path: '/orders/open' } }],
        deletedEndpoints: [],
        problems: [],
      });
      // Keeping the window's own edit is saving it: the file follows.
      const mine = endpointDraft({ name: 'Orders', path: '/orders/mine' });
      const saved = await api(app, 'PUT', `/api/endpoints/${endpointId}`, mine);
      expect(saved.status).toBe(200);
      await vi.waitFor(() => expect(readFileSync(file, 'utf8')).toContain('path: /orders/mine'));
    } finally {
      events.close();
    }
  });

  it('refuses to open a folder that holds no project', async () => {
    const answer = await api(app, 'POST', '/api/linked-folders/open', { folder: app.dataDir });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('client-project.yml') });
  });
});
