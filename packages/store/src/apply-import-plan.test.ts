import { planCollection } from '@client/core';
import { describe, expect, it } from 'vitest';
import { applyImportPlan } from './apply-import-plan.js';
import { countRows, useTempStores } from './store.test-support.js';

const temp = useTempStores();

const ENVIRONMENT = {
  name: 'Staging',
  _postman_variable_scope: 'environment',
  values: [
    { key: 'base_url', value: 'https://staging.example.com', type: 'default', enabled: true },
    { key: 'apiKey', value: 's3cret', type: 'secret', enabled: true },
  ],
};

const COLLECTION = {
  info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  event: [{ listen: 'prerequest', script: { exec: ['pm.variables.set("run", 1);'] } }],
  item: [
    {
      name: 'Orders',
      description: 'Order requests',
      event: [{ listen: 'test', script: { exec: ['pm.test("folder", () => {});'] } }],
      item: [
        {
          name: 'List',
          event: [{ listen: 'test', script: { exec: ['pm.test("ok", () => {});'] } }],
          request: { method: 'GET', url: 'https://shop.example.com/orders', description: 'Every order' },
        },
      ],
    },
  ],
};

describe('applyImportPlan', () => {
  it('leaves the files of an endpoint a re-import rewrites unconfirmed, though the old body was agreed to', () => {
    const store = temp.open();
    const request = (body: object) => ({
      info: COLLECTION.info,
      item: [{ name: 'Upload', request: { method: 'PUT', url: 'https://shop.example.com/files', body } }],
    });
    const first = applyImportPlan(store, planCollection(request({ mode: 'file', file: { src: './report.csv' } })));
    const projectId = first.projectId ?? '';
    const endpointId = store.endpoints.list(projectId)[0]?.id ?? '';
    expect(store.unconfirmedUploads.list(endpointId)).toEqual(['./report.csv']);
    store.unconfirmedUploads.confirm(endpointId, ['./report.csv']);

    applyImportPlan(store, planCollection(request({ mode: 'file', file: { src: '/home/ada/.ssh/id_ed25519' } })), {
      projectId,
    });

    expect(store.endpoints.list(projectId).map((each) => each.id)).toEqual([endpointId]);
    expect(store.unconfirmedUploads.list(endpointId)).toEqual(['/home/ada/.ssh/id_ed25519']);
  });

  it('writes folder and endpoint descriptions, and the scripts of the collection, its folders and its requests', () => {
    const store = temp.open();
    const summary = applyImportPlan(store, planCollection(COLLECTION));
    const projectId = String(summary.projectId);
    expect(store.folders.list(projectId)).toMatchObject([{ name: 'Orders', description: 'Order requests' }]);
    expect(store.endpoints.list(projectId)).toMatchObject([
      {
        name: 'List',
        description: 'Every order',
        scripts: { from: 'postman', preRequest: '', postResponse: '', tests: 'pm.test("ok", () => {});' },
      },
    ]);
    expect(summary.warnings).toEqual([
      '3 pre-request or test script(s) imported: they run around their requests as in Postman',
    ]);
    const [folder] = store.folders.list(projectId);
    expect(store.scripts.levels(projectId, folder?.id ?? null).map((level) => level.scripts)).toEqual([
      { from: 'postman', preRequest: 'pm.variables.set("run", 1);', postResponse: '', tests: '' },
      { from: 'postman', preRequest: '', postResponse: '', tests: 'pm.test("folder", () => {});' },
    ]);
  });

  it("replaces a project's and a folder's own scripts on update, and keeps them otherwise", () => {
    const store = temp.open();
    const first = applyImportPlan(store, planCollection(COLLECTION));
    const projectId = String(first.projectId);
    const [folder] = store.folders.list(projectId);
    const own = { from: 'bruno' as const, preRequest: 'own', postResponse: '', tests: '' };
    store.scripts.setProject(projectId, own);
    store.scripts.setFolder(folder?.id ?? '', own);
    const skipped = applyImportPlan(store, planCollection(COLLECTION), { projectId, onMatch: 'skip' });
    expect(skipped.skipped).toEqual(
      expect.arrayContaining([
        { item: 'scripts of project Shop', reason: 'it already has scripts of its own; they are kept' },
        { item: 'scripts of folder Orders', reason: 'it already has scripts of its own; they are kept' },
      ]),
    );
    expect(store.scripts.ofProject(projectId)).toEqual(own);
    applyImportPlan(store, planCollection(COLLECTION), { projectId });
    expect(store.scripts.ofProject(projectId)?.preRequest).toBe('pm.variables.set("run", 1);');
    expect(store.scripts.ofFolder(folder?.id ?? '')?.tests).toBe('pm.test("folder", () => {});');
  });

  it('adds a Postman environment to an existing project, sealing its secret values', () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    const summary = applyImportPlan(store, planCollection(ENVIRONMENT), {
      projectId,
      sealSecret: (plain) => `sealed(${plain})`,
    });
    expect(summary).toMatchObject({ projectId, createdProject: false, created: { environments: 1, endpoints: 0 } });
    const [environment] = store.environments.list(projectId);
    expect(environment?.name).toBe('Staging');
    expect(store.environmentVariables.list(String(environment?.id))).toEqual([
      { environmentId: environment?.id, key: 'base_url', value: 'https://staging.example.com', secret: false },
      {
        environmentId: environment?.id,
        key: 'apiKey',
        value: 'sealed(s3cret)',
        secret: true,
        allowedHosts: ['staging.example.com'],
      },
    ]);
    // The project's own base_url is not the environment's to set.
    expect(store.variables.get(projectId, 'base_url')).toBeUndefined();
  });

  it("gives an imported secret the environment's base_url host even when it is listed before it", () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop', baseUrl: 'https://shop.test' });
    const reversed = { ...ENVIRONMENT, values: [...ENVIRONMENT.values].reverse() };
    applyImportPlan(store, planCollection(reversed), { projectId, sealSecret: (plain) => `sealed(${plain})` });
    const [environment] = store.environments.list(projectId);
    const apiKey = store.environmentVariables.list(String(environment?.id))[0];
    expect(apiKey).toMatchObject({ key: 'apiKey', allowedHosts: ['shop.test', 'staging.example.com'] });
  });

  it('refuses an environment without a project to go into, and writes nothing', () => {
    const store = temp.open();
    const before = countRows(temp.path());
    expect(() => applyImportPlan(store, planCollection(ENVIRONMENT))).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: expect.stringContaining('import it into an existing project'),
      }),
    );
    expect(countRows(temp.path())).toEqual(before);
  });

  it('updates the values of a re-imported environment, or keeps them and says so when asked to skip', () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    applyImportPlan(store, planCollection(ENVIRONMENT), { projectId, sealSecret: (plain) => plain });
    const changed = {
      ...ENVIRONMENT,
      values: [{ key: 'base_url', value: 'https://new.example.com', enabled: true }],
    };
    const same = applyImportPlan(store, planCollection({ ...ENVIRONMENT, values: [ENVIRONMENT.values[0]] }), {
      projectId,
      onMatch: 'skip',
    });
    expect(same).toMatchObject({ skipped: [], updated: { variables: 0 } });
    const skipped = applyImportPlan(store, planCollection(changed), { projectId, onMatch: 'skip' });
    expect(skipped.skipped).toEqual([
      { item: 'Staging / base_url', reason: 'the environment already has this variable; its value is kept' },
    ]);
    const baseUrlValue = () => {
      const [environment] = store.environments.list(projectId);
      return store.environmentVariables.list(String(environment?.id)).find((v) => v.key === 'base_url')?.value;
    };
    expect(baseUrlValue()).toBe('https://staging.example.com');
    const updated = applyImportPlan(store, planCollection(changed), { projectId });
    expect(updated).toMatchObject({ created: { environments: 0 }, updated: { variables: 1 } });
    expect(baseUrlValue()).toBe('https://new.example.com');
  });
});
