import { describe, expect, it } from 'vitest';
import { countRows, useTempStores } from '../store.test-support.js';

const temp = useTempStores();

function project() {
  const store = temp.open();
  const { id } = store.projects.create({ name: 'Shop' });
  return { store, projectId: id };
}

describe('environments', () => {
  it('creates environments and lists them by name, ignoring case', () => {
    const { store, projectId } = project();
    const staging = store.environments.create({ projectId, name: 'staging' });
    const local = store.environments.create({ projectId, name: 'Local' });
    const prod = store.environments.create({ projectId, name: 'Production' });
    expect(local).toEqual({
      id: expect.any(String),
      projectId,
      name: 'Local',
      createdAt: expect.any(String),
      updatedAt: local.createdAt,
    });
    expect(store.environments.list(projectId)).toEqual([local, prod, staging]);
    expect(store.environments.get(prod.id)).toEqual(prod);
  });

  it('renames and deletes an environment, and answers NOT_FOUND naming the id for a missing one', () => {
    const { store, projectId } = project();
    const local = store.environments.create({ projectId, name: 'Local' });
    expect(store.environments.rename(local.id, 'Dev').name).toBe('Dev');
    expect(() => store.environments.rename(local.id, ' ')).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    store.environments.delete(local.id);
    expect(store.environments.list(projectId)).toEqual([]);
    for (const action of [() => store.environments.rename(local.id, 'x'), () => store.environments.delete(local.id)]) {
      expect(action).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(`"${local.id}"`) }),
      );
    }
    expect(() => store.environments.create({ projectId: 'p-404', name: 'x' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
  });

  it('keeps the active environment per project, and none once it is cleared or deleted', () => {
    const { store, projectId } = project();
    expect(store.environments.getActive(projectId)).toBeNull();
    const local = store.environments.create({ projectId, name: 'Local' });
    const prod = store.environments.create({ projectId, name: 'Production' });
    store.environments.setActive(projectId, local.id);
    expect(store.environments.getActive(projectId)).toEqual(local);
    store.environments.setActive(projectId, prod.id);
    expect(store.environments.getActive(projectId)).toEqual(prod);
    store.environments.setActive(projectId, null);
    expect(store.environments.getActive(projectId)).toBeNull();
    store.environments.setActive(projectId, prod.id);
    store.environments.delete(prod.id);
    expect(store.environments.getActive(projectId)).toBeNull();
  });

  it('refuses an environment of another project as the active one with NOT_FOUND', () => {
    const { store, projectId } = project();
    const other = store.projects.create({ name: 'Billing' });
    const foreign = store.environments.create({ projectId: other.id, name: 'Local' });
    expect(() => store.environments.setActive(projectId, foreign.id)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(`"${foreign.id}"`) }),
    );
    expect(store.environments.getActive(projectId)).toBeNull();
    expect(() => store.environments.setActive('p-404', null)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => store.environments.getActive('p-404')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});

describe('environment variables', () => {
  it('stores plain and secret values as given, in the order first set; replacing keeps the place', () => {
    const { store, projectId } = project();
    const { id } = store.environments.create({ projectId, name: 'Local' });
    store.environmentVariables.set(id, { key: 'base_url', value: 'http://localhost:3000', secret: false });
    store.environmentVariables.set(id, { key: 'token', value: 'v1.gcm.c2VjcmV0', secret: true });
    expect(
      store.environmentVariables.set(id, { key: 'base_url', value: 'http://localhost:4000', secret: false }),
    ).toEqual({ environmentId: id, key: 'base_url', value: 'http://localhost:4000', secret: false });
    expect(store.environmentVariables.list(id)).toEqual([
      { environmentId: id, key: 'base_url', value: 'http://localhost:4000', secret: false },
      { environmentId: id, key: 'token', value: 'v1.gcm.c2VjcmV0', secret: true, allowedHosts: ['localhost:3000'] },
    ]);
  });

  it('deletes a variable, answers NOT_FOUND for a missing one, and goes with its environment', () => {
    const { store, projectId } = project();
    const { id } = store.environments.create({ projectId, name: 'Local' });
    store.environmentVariables.set(id, { key: 'a', value: '1', secret: false });
    store.environmentVariables.set(id, { key: 'b', value: '2', secret: true });
    store.environmentVariables.delete(id, 'a');
    expect(store.environmentVariables.list(id).map((variable) => variable.key)).toEqual(['b']);
    expect(() => store.environmentVariables.delete(id, 'a')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('no variable "a"') }),
    );
    store.environments.delete(id);
    expect(countRows(temp.path()).environment_variables).toBe(0);
    expect(() => store.environmentVariables.list(id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => store.environmentVariables.set(id, { key: 'a', value: '1', secret: false })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(`"${id}"`) }),
    );
  });

  it('refuses a secret flag that is not a boolean and a key with braces', () => {
    const { store, projectId } = project();
    const { id } = store.environments.create({ projectId, name: 'Local' });
    expect(() =>
      store.environmentVariables.set(id, { key: 'a', value: '1', secret: 'yes' as unknown as boolean }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION', message: 'secret must be true or false' }));
    expect(() => store.environmentVariables.set(id, { key: '{{a}}', value: '1', secret: false })).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
    expect(store.environmentVariables.list(id)).toEqual([]);
  });
});
