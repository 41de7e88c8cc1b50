import { describe, expect, it } from 'vitest';
import { countRows, useTempStores } from '../store.test-support.js';

const temp = useTempStores();

function tree() {
  const store = temp.open();
  const project = store.projects.create({ name: 'Shop' });
  const users = store.folders.create({ projectId: project.id, name: 'Users' });
  const admins = store.folders.create({ projectId: project.id, parentId: users.id, name: 'Admins' });
  const owners = store.folders.create({ projectId: project.id, parentId: admins.id, name: 'Owners' });
  const orders = store.folders.create({ projectId: project.id, name: 'Orders' });
  return { store, project, users, admins, owners, orders };
}

describe('folders', () => {
  it('creates nested folders and lists them flat in creation order', () => {
    const { store, project, users, admins, owners, orders } = tree();
    expect(admins).toEqual({
      id: expect.any(String),
      projectId: project.id,
      parentId: users.id,
      name: 'Admins',
      createdAt: expect.any(String),
      updatedAt: admins.createdAt,
    });
    expect(users.parentId).toBeNull();
    expect(store.folders.list(project.id)).toEqual([users, admins, owners, orders]);
    expect(store.folders.get(owners.id)).toEqual(owners);
  });

  it('refuses a parent folder of another project with NOT_FOUND', () => {
    const { store, users } = tree();
    const other = store.projects.create({ name: 'Billing' });
    expect(() => store.folders.create({ projectId: other.id, parentId: users.id, name: 'x' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(`"${users.id}"`) }),
    );
    expect(store.folders.list(other.id)).toEqual([]);
  });

  it('renames a folder', () => {
    const { store, users } = tree();
    expect(store.folders.rename(users.id, 'People')).toMatchObject({ id: users.id, name: 'People' });
    expect(store.folders.get(users.id)?.name).toBe('People');
    expect(() => store.folders.rename(users.id, '')).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it('moves a folder under another one and back to the root', () => {
    const { store, admins, orders } = tree();
    expect(store.folders.move(admins.id, orders.id).parentId).toBe(orders.id);
    expect(store.folders.get(admins.id)?.parentId).toBe(orders.id);
    expect(store.folders.move(admins.id, null).parentId).toBeNull();
  });

  it('refuses to move a folder into itself or below itself with VALIDATION', () => {
    const { store, users, admins, owners } = tree();
    for (const target of [users.id, admins.id, owners.id]) {
      expect(() => store.folders.move(users.id, target)).toThrow(
        expect.objectContaining({
          code: 'VALIDATION',
          message: 'folder "Users" cannot be moved into itself or one of its own subfolders',
        }),
      );
    }
    expect(store.folders.get(users.id)?.parentId).toBeNull();
    expect(store.folders.move(owners.id, users.id).parentId).toBe(users.id);
  });

  it('refuses to move a folder under a folder of another project with NOT_FOUND', () => {
    const { store, users } = tree();
    const other = store.projects.create({ name: 'Billing' });
    const foreign = store.folders.create({ projectId: other.id, name: 'Invoices' });
    expect(() => store.folders.move(users.id, foreign.id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('deletes a folder with its subfolders and their endpoints, and nothing else', () => {
    const { store, project, users, owners, orders } = tree();
    store.endpoints.create(project.id, users.id, { name: 'in users' });
    store.endpoints.create(project.id, owners.id, { name: 'in owners' });
    const kept = [
      store.endpoints.create(project.id, orders.id, { name: 'in orders' }),
      store.endpoints.create(project.id, null, { name: 'at the root' }),
    ];
    store.folders.delete(users.id);
    expect(store.folders.list(project.id)).toEqual([orders]);
    expect(store.endpoints.list(project.id)).toEqual(kept);
  });

  it('answers NOT_FOUND naming the id for a missing folder or project', () => {
    const { store } = tree();
    const actions = [
      () => store.folders.rename('f-404', 'x'),
      () => store.folders.move('f-404', null),
      () => store.folders.delete('f-404'),
    ];
    for (const action of actions) {
      expect(action).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"f-404"') }),
      );
    }
    expect(() => store.folders.create({ projectId: 'p-404', name: 'x' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"p-404"') }),
    );
    expect(() => store.folders.list('p-404')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(countRows(temp.path()).folders).toBe(4);
  });
});
