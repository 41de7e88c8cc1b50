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
  item: [
    {
      name: 'Orders',
      description: 'Order requests',
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
  it('writes folder and endpoint descriptions and kept scripts', () => {
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
    expect(summary.warnings).toEqual(['1 pre-request or test script(s) kept on their endpoints as text, not run']);
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
      { environmentId: environment?.id, key: 'apiKey', value: 'sealed(s3cret)', secret: true },
    ]);
    // The project's own base_url is not the environment's to set.
    expect(store.variables.get(projectId, 'base_url')).toBeUndefined();
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
