import { AppError } from '@client/core';
import { describe, expect, it } from 'vitest';
import { readBackup, restoreBackup } from './backup.js';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations.js';
import { openDatabase } from './sqlite/open-database.js';
import { openStore } from './store.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

function shopWithEnvironment() {
  const store = temp.open();
  const project = store.projects.create({ name: 'Shop', baseUrl: 'https://API.shop.test/v1' });
  const environment = store.environments.create({ projectId: project.id, name: 'Local' });
  store.environmentVariables.set(environment.id, {
    key: 'base_url',
    value: 'http://127.0.0.1:4000',
    secret: false,
  });
  return { store, project, environment };
}

describe('allowed hosts of secret variables', () => {
  it("give a new secret the hosts of its project's base URLs, and a plain variable none", () => {
    const { store, environment } = shopWithEnvironment();
    store.environmentVariables.set(environment.id, { key: 'token', value: 'cipher', secret: true });
    const [baseUrl, token] = store.environmentVariables.list(environment.id);
    expect(baseUrl?.allowedHosts).toBeUndefined();
    expect(token?.allowedHosts).toEqual(['api.shop.test', '127.0.0.1:4000']);
  });

  it('keep the list a secret has when its value changes, and store a list given, normalized', () => {
    const { store, environment } = shopWithEnvironment();
    store.environmentVariables.set(environment.id, {
      key: 'token',
      value: 'cipher',
      secret: true,
      allowedHosts: ['Pay.test', ' ', '*.Cdn.test:8443'],
    });
    store.environmentVariables.set(environment.id, { key: 'token', value: 'cipher 2', secret: true });
    expect(store.environmentVariables.list(environment.id)[1]?.allowedHosts).toEqual(['pay.test', '*.cdn.test:8443']);
  });

  it('give a variable made secret later the default, and drop the list when it stops being secret', () => {
    const { store, environment } = shopWithEnvironment();
    store.environmentVariables.set(environment.id, { key: 'user', value: 'ann', secret: false });
    store.environmentVariables.set(environment.id, { key: 'user', value: 'cipher', secret: true });
    expect(store.environmentVariables.list(environment.id)[1]?.allowedHosts).toEqual([
      'api.shop.test',
      '127.0.0.1:4000',
    ]);
    store.environmentVariables.set(environment.id, { key: 'user', value: 'ann', secret: false });
    expect(store.environmentVariables.list(environment.id)[1]?.allowedHosts).toBeUndefined();
  });

  it('refuse a list with something that is not a host, keeping what was saved', () => {
    const { store, environment } = shopWithEnvironment();
    const saved = store.environmentVariables.set(environment.id, { key: 'token', value: 'cipher', secret: true });
    const attempt = () =>
      store.environmentVariables.set(environment.id, {
        key: 'token',
        value: 'other',
        secret: true,
        allowedHosts: ['https://evil.test/path'],
      });
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(/not an allowed host/);
    expect(store.environmentVariables.list(environment.id)[1]).toEqual(saved);
  });

  it('are given, at the upgrade, to the secrets of a database from before them', () => {
    const path = temp.path();
    const db = openDatabase(path);
    migrate(db, MIGRATIONS.slice(0, 13), path);
    db.exec(`
      INSERT INTO projects (id, name, description, created_at, updated_at) VALUES ('p', 'Old', '', 't', 't');
      INSERT INTO project_variables (project_id, key, value) VALUES ('p', 'base_url', 'https://old.test');
      INSERT INTO environments (id, project_id, name, created_at, updated_at) VALUES ('e', 'p', 'Dev', 't', 't');
      INSERT INTO environment_variables (environment_id, key, value, secret) VALUES
        ('e', 'base_url', 'http://localhost:8080', 0), ('e', 'token', 'cipher', 1), ('e', 'user', 'ann', 0);
    `);
    db.close();
    const store = openStore(path);
    try {
      expect(store.environmentVariables.list('e')).toEqual([
        { environmentId: 'e', key: 'base_url', value: 'http://localhost:8080', secret: false },
        {
          environmentId: 'e',
          key: 'token',
          value: 'cipher',
          secret: true,
          allowedHosts: ['old.test', 'localhost:8080'],
        },
        { environmentId: 'e', key: 'user', value: 'ann', secret: false },
      ]);
    } finally {
      store.close();
    }
  });

  it('go into a backup and come back from its restore', () => {
    const { store, environment } = shopWithEnvironment();
    store.environmentVariables.set(environment.id, {
      key: 'token',
      value: 'cipher',
      secret: true,
      allowedHosts: ['pay.test:8443'],
    });
    const backup = readBackup(store);
    const restored = restoreBackup(store, backup, () => 'cipher again').projects[0]?.projectId ?? '';
    const [copy] = store.environments.list(restored);
    const token = store.environmentVariables.list(copy?.id ?? '').find((variable) => variable.key === 'token');
    expect(token).toMatchObject({ value: 'cipher again', allowedHosts: ['pay.test:8443'] });
  });
});
