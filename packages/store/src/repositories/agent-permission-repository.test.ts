import type { EndpointDraft } from '@client/core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../sqlite/open-database.js';
import type { Store } from '../store.js';
import { useTempStores } from '../store.test-support.js';

const temp = useTempStores();

const orders: EndpointDraft = {
  name: 'orders',
  method: 'GET',
  path: '/orders',
  queryParams: [],
  headers: [],
  body: { mode: 'none' },
  auth: { type: 'none' },
  state: 'Designing',
};

function shopWithEndpoint(store: Store) {
  const project = store.projects.create({ name: 'Shop' });
  const endpoint = store.endpoints.create(project.id, null, orders);
  return { projectId: project.id, endpointId: endpoint.id };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('agent permissions', () => {
  it('allow a whole project until its time and name the project in the listing', () => {
    const store = temp.open();
    const { projectId, endpointId } = shopWithEndpoint(store);
    const granted = store.agentPermissions.allowProject(projectId, inMinutes(15));
    expect(granted).toMatchObject({ projectId, projectName: 'Shop', endpointId: null, endpointName: null });
    expect(store.agentPermissions.allowing(projectId, endpointId, 'run-1')?.id).toBe(granted.id);
    expect(store.agentPermissions.current(null).map((permission) => permission.id)).toEqual([granted.id]);
  });

  it('allow an endpoint only for the run that allowed it', () => {
    const store = temp.open();
    const { projectId, endpointId } = shopWithEndpoint(store);
    const other = store.endpoints.create(projectId, null, { ...orders, name: 'other' });
    const granted = store.agentPermissions.allowEndpoint(endpointId, 'run-1');
    expect(granted).toMatchObject({ projectId, endpointId, endpointName: 'orders', expiresAt: null });
    expect(store.agentPermissions.allowing(projectId, endpointId, 'run-1')?.id).toBe(granted.id);
    expect(store.agentPermissions.allowing(projectId, other.id, 'run-1')).toBeUndefined();
    expect(store.agentPermissions.allowing(projectId, endpointId, 'run-2')).toBeUndefined();
    store.agentPermissions.prune('run-2');
    expect(store.agentPermissions.current('run-1')).toEqual([]);
  });

  it('are never in force once expired, and refuse an end in the past', () => {
    const store = temp.open();
    const { projectId, endpointId } = shopWithEndpoint(store);
    expect(() => store.agentPermissions.allowProject(projectId, inMinutes(-1))).toThrow('must end in the future');
    const db = openDatabase(temp.path());
    db.prepare('INSERT INTO agent_permissions VALUES (?, ?, NULL, ?, NULL, ?)').run(
      'old',
      projectId,
      inMinutes(-1),
      inMinutes(-20),
    );
    db.close();
    expect(store.agentPermissions.allowing(projectId, endpointId, 'run-1')).toBeUndefined();
  });

  it('are revoked one by one, per project or all at once, and go with their project', () => {
    const store = temp.open();
    const { projectId, endpointId } = shopWithEndpoint(store);
    const other = store.projects.create({ name: 'Other' });
    const first = store.agentPermissions.allowProject(projectId, inMinutes(15));
    store.agentPermissions.allowEndpoint(endpointId, 'run-1');
    store.agentPermissions.allowProject(other.id, inMinutes(15));
    store.agentPermissions.revoke(first.id);
    expect(() => store.agentPermissions.revoke(first.id)).toThrow('no permission has id');
    expect(store.agentPermissions.revokeAll(projectId)).toBe(1);
    expect(store.agentPermissions.current('run-1').map((permission) => permission.projectName)).toEqual(['Other']);
    store.projects.delete(other.id);
    expect(store.agentPermissions.current('run-1')).toEqual([]);
  });

  it('refuse an unknown project or endpoint', () => {
    const store = temp.open();
    expect(() => store.agentPermissions.allowProject('nope', inMinutes(5))).toThrow('no project has id "nope"');
    expect(() => store.agentPermissions.allowEndpoint('nope', 'run-1')).toThrow('no endpoint has id "nope"');
  });
});
