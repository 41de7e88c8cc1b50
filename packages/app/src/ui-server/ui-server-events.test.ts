import { openStore } from '@client/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, readEvents, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dataVersionPollMs: 50 });
});
afterAll(() => app.close());

describe('the event stream', () => {
  it('relays an agent’s import as endpoint-imported, marked as coming from an agent', async () => {
    const projectId = (await api(app, 'POST', '/api/projects', { name: 'Shop' })).json.id;
    const events = await readEvents(app);
    try {
      const imported = events.next('endpoint-imported');
      const { endpointId } = app.agentImport('curl https://shop.example.com/v1/orders', projectId);
      expect(await imported).toEqual({ projectId, endpointId, name: 'orders', source: 'agent' });
    } finally {
      events.close();
    }
  });

  it('marks the UI’s own paste-cURL import as coming from the UI', async () => {
    const projectId = (await api(app, 'POST', '/api/projects', { name: 'Paste' })).json.id;
    const events = await readEvents(app);
    try {
      const imported = events.next('endpoint-imported');
      const answer = await api(app, 'POST', `/api/projects/${projectId}/import-curl`, {
        command: 'curl https://paste.example.com/items',
      });
      expect(await imported).toEqual({ projectId, endpointId: answer.json.endpointId, name: 'items', source: 'ui' });
    } finally {
      events.close();
    }
  });

  it('sends projects-changed when another process writes to the database, and not for the app’s own writes', async () => {
    const events = await readEvents(app);
    const other = openStore(app.databasePath);
    try {
      await api(app, 'POST', '/api/projects', { name: 'Own write' });
      // A check of the database after the app's own commit, which would have announced it before the next one.
      const checks = app.dataVersionChecks();
      await vi.waitFor(() => expect(app.dataVersionChecks()).toBeGreaterThan(checks));
      const changed = events.next('projects-changed');
      other.projects.create({ name: 'From the CLI' });
      expect(await changed).toEqual({ dataVersion: expect.any(Number) });
      // The stream keeps its order: only the other process's commit was announced.
      expect(events.received().filter((event) => event.type === 'projects-changed')).toHaveLength(1);
    } finally {
      other.close();
      events.close();
    }
  });

  it('ends open streams when the server closes, and stops listening', async () => {
    const own = await startTestApp();
    const events = await readEvents(own);
    await own.close();
    await events.ended;
    const afterClose = await fetch(own.ui.url).then(
      () => 'answered',
      () => 'refused',
    );
    expect(afterClose).toBe('refused');
  });
});
