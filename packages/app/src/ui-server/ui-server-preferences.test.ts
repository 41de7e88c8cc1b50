import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DEFAULT_LAYOUT = { sidebarWidth: 290, sidebarCollapsed: false, split: 'auto', requestShare: 50 };

describe('the window layout preference', () => {
  it('starts from the default layout and keeps each field a window changes, leaving the others', async () => {
    expect((await api(app, 'GET', '/api/preferences')).json).toEqual({ theme: 'system', layout: DEFAULT_LAYOUT });

    const widened = await api(app, 'PUT', '/api/preferences', { layout: { sidebarWidth: 360 } });
    expect(widened.status).toBe(200);
    expect(widened.json.layout).toEqual({ ...DEFAULT_LAYOUT, sidebarWidth: 360 });
    await api(app, 'PUT', '/api/preferences', { layout: { split: 'vertical', requestShare: 35 } });
    await api(app, 'PUT', '/api/preferences', { theme: 'dark' });

    expect((await api(app, 'GET', '/api/preferences')).json).toEqual({
      theme: 'dark',
      layout: { sidebarWidth: 360, sidebarCollapsed: false, split: 'vertical', requestShare: 35 },
    });
  });

  it.each([
    [{ sidebarWidth: 20 }],
    [{ sidebarWidth: 300.5 }],
    [{ requestShare: 95 }],
    [{ split: 'diagonal' }],
    [{ sidebarCollapsed: 'yes' }],
  ])('refuses the layout %j with a coded error and keeps what was saved', async (layout) => {
    const before = (await api(app, 'GET', '/api/preferences')).json;
    const answer = await api(app, 'PUT', '/api/preferences', { layout });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
    expect((await api(app, 'GET', '/api/preferences')).json).toEqual(before);
  });

  it('reads a damaged stored layout as the default, field by field', async () => {
    app.store.preferences.set('layout', '{"sidebarWidth": 9999, "split": "vertical"');
    expect((await api(app, 'GET', '/api/preferences')).json.layout).toEqual(DEFAULT_LAYOUT);
    app.store.preferences.set('layout', '{"sidebarWidth": 9999, "split": "vertical", "sidebarCollapsed": true}');
    expect((await api(app, 'GET', '/api/preferences')).json.layout).toEqual({
      ...DEFAULT_LAYOUT,
      split: 'vertical',
      sidebarCollapsed: true,
    });
  });
});
