import { describe, expect, it } from 'vitest';
import { readBackup, restoreBackup } from '../backup.js';
import { migrate } from '../migrate.js';
import { MIGRATIONS } from '../migrations.js';
import { openDatabase } from '../sqlite/open-database.js';
import { openStore } from '../store.js';
import { useTempStores } from '../store.test-support.js';

const temp = useTempStores();

describe('rows switched off', () => {
  it('keeps a project or environment variable switched off, and on again, without losing its value', () => {
    const store = temp.open();
    const { id } = store.projects.create({ name: 'Shop', baseUrl: 'https://shop.test' });
    expect(store.variables.set(id, 'token', 't1', false)).toEqual({
      projectId: id,
      key: 'token',
      value: 't1',
      enabled: false,
    });
    expect(store.variables.list(id)).toEqual([
      { projectId: id, key: 'base_url', value: 'https://shop.test' },
      { projectId: id, key: 'token', value: 't1', enabled: false },
    ]);
    store.variables.set(id, 'token', 't1');
    expect(store.variables.list(id)[1]).toEqual({ projectId: id, key: 'token', value: 't1' });

    const environment = store.environments.create({ projectId: id, name: 'Dev' });
    store.environmentVariables.set(environment.id, { key: 'user', value: 'ann', secret: false, enabled: false });
    expect(store.environmentVariables.list(environment.id)).toEqual([
      { environmentId: environment.id, key: 'user', value: 'ann', secret: false, enabled: false },
    ]);
    expect(() =>
      store.environmentVariables.set(environment.id, { key: 'x', value: '', secret: false, enabled: 'no' as never }),
    ).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'variable enabled must be true or false, not string' }),
    );
  });

  it('keeps a switched-off param, header, form field and part of an endpoint as saved', () => {
    const store = temp.open();
    const { id } = store.projects.create({ name: 'Shop' });
    const endpoint = store.endpoints.create(id, null, {
      name: 'Create',
      queryParams: [{ key: 'debug', value: '1', enabled: false }],
      headers: [
        { key: 'X-On', value: '1', enabled: true },
        { key: 'X-Off', value: '2', enabled: false },
      ],
      body: { mode: 'multipart', parts: [{ name: 'file', file: '/tmp/a', enabled: false }] },
    });
    expect(store.endpoints.get(endpoint.id)).toMatchObject({
      queryParams: [{ key: 'debug', value: '1', enabled: false }],
      headers: [
        { key: 'X-On', value: '1' },
        { key: 'X-Off', value: '2', enabled: false },
      ],
      body: { mode: 'multipart', parts: [{ name: 'file', file: '/tmp/a', enabled: false }] },
    });
  });

  it('upgrades a database from before step 11 with every variable on and its value kept', () => {
    const path = temp.path();
    const db = openDatabase(path);
    // The schema as it was before variables could be switched off (step 11).
    migrate(db, MIGRATIONS.slice(0, 10), path);
    db.exec(`
      INSERT INTO projects (id, name, description, created_at, updated_at) VALUES ('p', 'Old', '', 't', 't');
      INSERT INTO project_variables (project_id, key, value) VALUES ('p', 'base_url', 'https://old.test');
      INSERT INTO environments (id, project_id, name, created_at, updated_at) VALUES ('e', 'p', 'Dev', 't', 't');
      INSERT INTO environment_variables (environment_id, key, value, secret) VALUES ('e', 'user', 'ann', 0);
    `);
    db.close();
    const store = openStore(path);
    try {
      expect(store.variables.list('p')).toEqual([{ projectId: 'p', key: 'base_url', value: 'https://old.test' }]);
      expect(store.environmentVariables.list('e')).toEqual([
        { environmentId: 'e', key: 'user', value: 'ann', secret: false },
      ]);
      store.variables.set('p', 'base_url', 'https://old.test', false);
      expect(store.variables.list('p')[0]?.enabled).toBe(false);
    } finally {
      store.close();
    }
  });

  it('go into a backup and come back switched off from its restore', () => {
    const store = temp.open();
    const project = store.projects.create({ name: 'Shop' });
    store.variables.set(project.id, 'token', 't', false);
    const environment = store.environments.create({ projectId: project.id, name: 'Dev' });
    store.environmentVariables.set(environment.id, { key: 'user', value: 'ann', secret: false, enabled: false });
    store.endpoints.create(project.id, null, { name: 'E', headers: [{ key: 'X-Off', value: '1', enabled: false }] });

    const restored = restoreBackup(store, readBackup(store), () => undefined).projects[0]?.projectId ?? '';
    expect(store.variables.list(restored)).toEqual([{ projectId: restored, key: 'token', value: 't', enabled: false }]);
    const [copy] = store.environments.list(restored);
    expect(store.environmentVariables.list(copy?.id ?? '')).toEqual([
      { environmentId: copy?.id, key: 'user', value: 'ann', secret: false, enabled: false },
    ]);
    expect(store.endpoints.list(restored)[0]?.headers).toEqual([{ key: 'X-Off', value: '1', enabled: false }]);
  });
});
