import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { countRows, useTempStores } from '../store.test-support.js';

const temp = useTempStores();

describe('projects', () => {
  it('creates a project with an id, timestamps and an empty description, and reads it back', () => {
    const store = temp.open();
    const project = store.projects.create({ name: '  Shop  ' });
    expect(project).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Shop',
      description: '',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: project.createdAt,
    });
    expect(store.projects.get(project.id)).toEqual(project);
    expect(store.projects.get('missing')).toBeUndefined();
  });

  it('keeps request settings that every endpoint of the project takes unless it overrides them', () => {
    const store = temp.open();
    const { id } = store.projects.create({ name: 'Shop' });
    expect(store.projects.requestSettings(id)).toEqual({});
    const settings = { maxRedirects: 3, caFile: '/etc/ssl/ca.pem' };
    expect(store.projects.setRequestSettings(id, settings)).toEqual(settings);
    expect(store.projects.requestSettings(id)).toEqual(settings);
    expect(() => store.projects.setRequestSettings(id, { color: 'red' })).toThrow('settings.color is not a setting');
    expect(() => store.projects.requestSettings('missing')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('writes baseUrl as the base_url variable and refuses one that is not an absolute URL', () => {
    const store = temp.open();
    const project = store.projects.create({ name: 'Shop', description: 'the shop', baseUrl: ' https://shop.test ' });
    expect(store.variables.list(project.id)).toEqual([
      { projectId: project.id, key: 'base_url', value: 'https://shop.test' },
    ]);
    expect(() => store.projects.create({ name: 'Bad', baseUrl: 'shop.test' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('has no scheme') }),
    );
    expect(countRows(temp.path()).projects).toBe(1);
  });

  it('lists projects by name, ignoring case, then by creation', () => {
    const store = temp.open();
    const names = ['beta', 'Alpha', 'alpha', 'Gamma', 'ALPHA'];
    const created = names.map((name) => store.projects.create({ name }));
    expect(store.projects.list().map((project) => project.name)).toEqual(['Alpha', 'alpha', 'ALPHA', 'beta', 'Gamma']);
    expect(store.projects.list().map((project) => project.id)).toEqual(
      [1, 2, 4, 0, 3].map((index) => created[index]?.id),
    );
  });

  it.each([
    ['', 'project name must not be empty'],
    ['   ', 'project name must not be empty'],
    ['x'.repeat(201), 'project name is 201 characters long; use at most 200'],
  ])('refuses the name %j with VALIDATION', (name, message) => {
    const store = temp.open();
    expect(() => store.projects.create({ name })).toThrow(expect.objectContaining({ code: 'VALIDATION', message }));
    expect(countRows(temp.path()).projects).toBe(0);
  });

  it('updates the name and description and moves updatedAt forward', () => {
    const store = temp.open();
    // The clock moves on between the two writes.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const project = store.projects.create({ name: 'Shop' });
    vi.setSystemTime(Date.now() + 1000);
    const renamed = store.projects.update(project.id, { name: 'Store' });
    expect(renamed).toEqual({ ...project, name: 'Store', updatedAt: expect.any(String) });
    expect(renamed.updatedAt > project.updatedAt).toBe(true);
    expect(store.projects.update(project.id, { description: 'sells things' }).description).toBe('sells things');
    expect(store.projects.get(project.id)).toMatchObject({ name: 'Store', description: 'sells things' });
    expect(() => store.projects.update(project.id, { name: ' ' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
  });

  it('answers NOT_FOUND naming the id when updating or deleting a missing project', () => {
    const store = temp.open();
    for (const action of [() => store.projects.update('p-404', { name: 'x' }), () => store.projects.delete('p-404')]) {
      expect(action).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"p-404"') }),
      );
    }
  });

  it('deletes a project with everything in it and leaves other projects alone', () => {
    const store = temp.open();
    const fill = (name: string) => {
      const project = store.projects.create({ name, baseUrl: 'https://api.test' });
      const folder = store.folders.create({ projectId: project.id, name: 'Users' });
      store.folders.create({ projectId: project.id, parentId: folder.id, name: 'Admins' });
      const endpoint = store.endpoints.create(project.id, folder.id, { name: 'list' });
      store.endpoints.create(project.id, null, { name: 'health' });
      const environment = store.environments.create({ projectId: project.id, name: 'Local' });
      store.environmentVariables.set(environment.id, { key: 'token', value: 'ciphertext', secret: true });
      store.environments.setActive(project.id, environment.id);
      store.history.add({
        projectId: project.id,
        endpointId: endpoint.id,
        method: 'GET',
        url: 'https://api.test/users',
        requestHeaders: [],
        requestBody: null,
        status: 200,
        error: null,
        durationMs: 12,
        responseSize: 2,
        responseHeaders: [],
        responseBody: '[]',
      });
      return project;
    };
    const doomed = fill('Doomed');
    fill('Kept');
    const before = countRows(temp.path());
    store.projects.delete(doomed.id);
    const halved = Object.fromEntries(Object.entries(before).map(([table, count]) => [table, count / 2]));
    expect(countRows(temp.path())).toEqual(halved);
    expect(store.projects.list().map((project) => project.name)).toEqual(['Kept']);
  });
});
