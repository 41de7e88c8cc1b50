import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, endpointDraft, readEvents, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A project with one endpoint, linked to a new folder. */
async function linkedProject(name: string): Promise<{ projectId: string; endpointId: string; folder: string }> {
  const projectId = (await api(app, 'POST', '/api/projects', { name, baseUrl: 'https://shop.example.com' })).json.id;
  const endpointId = (
    await api(app, 'POST', `/api/projects/${projectId}/endpoints`, endpointDraft({ name: 'Orders', path: '/orders' }))
  ).json.id;
  const folder = join(app.dataDir, 'repos', name);
  expect((await api(app, 'POST', `/api/projects/${projectId}/link`, { folder })).status).toBe(200);
  return { projectId, endpointId, folder };
}

describe('unlinking a project in the window', () => {
  it('unlinks it: the files stay, the project keeps its requests, and saves no longer reach the folder', async () => {
    const shop = await linkedProject('Shop');
    const other = await linkedProject('Other');
    const events = await readEvents(app);
    try {
      const changed = events.next('projects-changed');
      const answer = await api(app, 'DELETE', `/api/projects/${shop.projectId}/link`);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ projectId: shop.projectId, name: 'Shop', folder: shop.folder });
      // Every window hears of it.
      await changed;
    } finally {
      events.close();
    }
    expect((await api(app, 'GET', `/api/projects/${shop.projectId}/link`)).json).toMatchObject({ linked: false });
    expect(existsSync(join(shop.folder, 'Orders.yml'))).toBe(true);
    expect((await api(app, 'GET', `/api/endpoints/${shop.endpointId}`)).json).toMatchObject({ path: '/orders' });

    // A save of the unlinked project, then one of the project still linked: only the second reaches its folder.
    await api(app, 'PUT', `/api/endpoints/${shop.endpointId}`, endpointDraft({ name: 'Orders', path: '/shop/new' }));
    await api(app, 'PUT', `/api/endpoints/${other.endpointId}`, endpointDraft({ name: 'Orders', path: '/other/new' }));
    await vi.waitFor(() => expect(readFileSync(join(other.folder, 'Orders.yml'), 'utf8')).toContain('/other/new'));
    expect(readFileSync(join(shop.folder, 'Orders.yml'), 'utf8')).toContain('path: /orders\n');
  });

  it('answers NOT_FOUND for a project that is not linked, or does not exist', async () => {
    const projectId = (await api(app, 'POST', '/api/projects', { name: 'Plain', baseUrl: 'https://x.example' })).json
      .id;
    const plain = await api(app, 'DELETE', `/api/projects/${projectId}/link`);
    expect(plain.status).toBe(404);
    expect(plain.json).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('not linked') });
    const missing = await api(app, 'DELETE', '/api/projects/00000000-0000-4000-8000-000000000000/link');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 'NOT_FOUND' });
  });
});
