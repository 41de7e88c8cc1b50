import { describe, expect, it } from 'vitest';
import { readBackup, restoreBackup } from './backup.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

describe('backup and restore', () => {
  it('restore every file an endpoint uploads as not yet confirmed, whatever the person agreed to before', () => {
    const store = temp.open();
    const project = store.projects.create({ name: 'Shop' });
    const put = store.endpoints.create(project.id, null, {
      name: 'Back up',
      method: 'PUT',
      body: { mode: 'file', path: '/home/ada/.ssh/id_ed25519' },
    });
    const form = store.endpoints.create(project.id, null, {
      name: 'Form',
      method: 'POST',
      body: {
        mode: 'multipart',
        parts: [
          { name: 'a', file: './a.png' },
          { name: 'b', value: 'x' },
        ],
      },
    });
    store.unconfirmedUploads.add(put.id, ['/home/ada/.ssh/id_ed25519']);
    store.unconfirmedUploads.confirm(put.id, ['/home/ada/.ssh/id_ed25519']);

    const restored = restoreBackup(store, readBackup(store), () => undefined).projects[0];

    const byName = new Map(store.endpoints.list(restored?.projectId ?? '').map((each) => [each.name, each.id]));
    expect(store.unconfirmedUploads.list(byName.get('Back up') ?? '')).toEqual(['/home/ada/.ssh/id_ed25519']);
    expect(store.unconfirmedUploads.list(byName.get('Form') ?? '')).toEqual(['./a.png']);
    expect(store.unconfirmedUploads.list(put.id)).toEqual([]);
    expect(store.unconfirmedUploads.list(form.id)).toEqual([]);
  });

  it('keep which requests an agent wrote, so a restored one is still not covered by a standing permission', () => {
    const store = temp.open();
    const { endpoint, projectName } = store.importCurl({ command: 'curl https://shop.test/search?q={{db_password}}' });
    const persons = store.importCurl(
      { command: 'curl https://shop.test/cart', projectId: endpoint.projectId },
      'person',
    );

    const backup = readBackup(store);
    expect(backup.projects[0]?.agentWritten).toEqual([endpoint.id]);
    const restored = restoreBackup(store, backup, () => undefined).projects[0];

    expect(restored?.name).not.toBe(projectName);
    const byName = new Map(store.endpoints.list(restored?.projectId ?? '').map((each) => [each.name, each.id]));
    expect(store.agentWritten.has(byName.get(endpoint.name) ?? '')).toBe(true);
    expect(store.agentWritten.has(byName.get(persons.endpoint.name) ?? '')).toBe(false);
  });

  it('keep the auth a project and its folders set for the endpoints that inherit it', () => {
    const store = temp.open();
    const project = store.projects.create({ name: 'Shop' });
    const admin = store.folders.create({ projectId: project.id, name: 'Admin' });
    const users = store.folders.create({ projectId: project.id, parentId: admin.id, name: 'Users' });
    store.auth.setProject(project.id, { type: 'bearer', token: '{{token}}' });
    store.auth.setFolder(admin.id, { type: 'apiKey', key: 'X-Key', value: '{{key}}', in: 'header' });
    store.endpoints.create(project.id, users.id, { name: 'List users' });

    const backup = readBackup(store);
    // What a backup written before auth could be inherited holds: no auth on the project or its folders.
    const older = structuredClone(backup);
    for (const saved of older.projects) {
      delete saved.auth;
      for (const folder of saved.folders) delete folder.auth;
    }
    const restored = restoreBackup(store, backup, () => undefined).projects[0];
    const fromOlder = restoreBackup(store, older, () => undefined).projects[0];

    const levelsOf = (projectId: string) => {
      const folder = store.folders.list(projectId).find((each) => each.name === 'Users');
      return store.auth.levels(projectId, folder?.id ?? null).map((level) => level.auth);
    };
    expect(levelsOf(restored?.projectId ?? '')).toEqual([
      { type: 'inherit' },
      { type: 'apiKey', key: 'X-Key', value: '{{key}}', in: 'header' },
      { type: 'bearer', token: '{{token}}' },
    ]);
    expect(levelsOf(fromOlder?.projectId ?? '')).toEqual([{ type: 'inherit' }, { type: 'inherit' }, { type: 'none' }]);
    expect(store.endpoints.list(restored?.projectId ?? '')[0]?.auth).toEqual({ type: 'inherit' });
  });

  it('keep the scripts of the project and its folders, and the assertion rows of endpoints', () => {
    const store = temp.open();
    const project = store.projects.create({ name: 'Shop' });
    const folder = store.folders.create({ projectId: project.id, name: 'Orders' });
    const scripts = {
      from: 'postman' as const,
      preRequest: 'pm.a();',
      postResponse: '',
      tests: 'pm.test("t", () => {});',
    };
    const tests = [{ source: 'status' as const, property: '', operator: 'eq' as const, value: '200', enabled: false }];
    store.scripts.setProject(project.id, scripts);
    store.scripts.setFolder(folder.id, { ...scripts, preRequest: 'pm.b();' });
    store.endpoints.create(project.id, folder.id, { name: 'List', tests });

    const backup = JSON.parse(JSON.stringify(readBackup(store)));
    const restored = restoreBackup(store, backup, () => undefined).projects[0]?.projectId ?? '';
    const [restoredFolder] = store.folders.list(restored);
    expect(store.scripts.ofProject(restored)).toEqual(scripts);
    expect(store.scripts.ofFolder(restoredFolder?.id ?? '')).toEqual({ ...scripts, preRequest: 'pm.b();' });
    expect(store.endpoints.list(restored)[0]?.tests).toEqual(tests);
  });
});
