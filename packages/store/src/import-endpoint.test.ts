import { planEndpoint } from '@client/core';
import { describe, expect, it } from 'vitest';
import { countRows, plannedGet, useTempStores } from './store.test-support.js';

const temp = useTempStores();

describe('importEndpoint', () => {
  it('creates "Agent imports" when there is no project, writes base_url and saves the endpoint in Designing', () => {
    const store = temp.open();
    const outcome = store.importEndpoint({ planned: plannedGet('https://API.example.com:443/v1/items?b=2&a=1&b=3') });
    const [project] = store.projects.list();
    expect(project?.name).toBe('Agent imports');
    expect(outcome).toEqual({
      endpoint: {
        id: expect.any(String),
        projectId: project?.id,
        folderId: null,
        name: 'items',
        method: 'GET',
        path: '/v1/items',
        queryParams: [
          { key: 'b', value: '2' },
          { key: 'a', value: '1' },
          { key: 'b', value: '3' },
        ],
        headers: [],
        body: { mode: 'none' },
        auth: { type: 'none' },
        state: 'Designing',
        createdAt: expect.any(String),
        updatedAt: outcome.endpoint.createdAt,
      },
      projectName: 'Agent imports',
      baseUrl: 'https://api.example.com',
      createdProject: true,
    });
    expect(store.variables.get(outcome.endpoint.projectId, 'base_url')).toBe('https://api.example.com');
    expect(store.endpoints.list(outcome.endpoint.projectId)).toEqual([outcome.endpoint]);
  });

  it('uses the only project there is', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop' });
    const outcome = store.importEndpoint({ planned: plannedGet('https://shop.test/cart') });
    expect(outcome).toMatchObject({ projectName: 'Shop', createdProject: false, baseUrl: 'https://shop.test' });
    expect(outcome.endpoint.projectId).toBe(shop.id);
    expect(countRows(temp.path()).projects).toBe(1);
  });

  it('refuses to guess among several projects, lists them all, and writes nothing', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop' });
    const billing = store.projects.create({ name: 'Billing' });
    const before = countRows(temp.path());
    expect(() => store.importEndpoint({ planned: plannedGet('https://shop.test/cart') })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: `several projects exist and no projectId was given; pass projectId, one of: Billing (${billing.id}), Shop (${shop.id})`,
      }),
    );
    expect(countRows(temp.path())).toEqual(before);
  });

  it('uses an explicit project among several, and answers NOT_FOUND for an unknown one', () => {
    const store = temp.open();
    store.projects.create({ name: 'Shop' });
    const billing = store.projects.create({ name: 'Billing' });
    const outcome = store.importEndpoint({
      planned: plannedGet('https://billing.test/invoices'),
      projectId: billing.id,
    });
    expect(outcome.endpoint.projectId).toBe(billing.id);
    expect(outcome.projectName).toBe('Billing');
    const before = countRows(temp.path());
    expect(() => store.importEndpoint({ planned: plannedGet('https://x.test/y'), projectId: 'p-404' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"p-404"') }),
    );
    const empty = temp.open('empty.db');
    expect(() => empty.importEndpoint({ planned: plannedGet('https://x.test/y'), projectId: 'p-404' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(countRows(temp.path())).toEqual(before);
    expect(countRows(temp.path('empty.db')).projects).toBe(0);
  });

  it('leaves an equal base_url alone, however it is spelled, without a warning', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop', baseUrl: 'HTTPS://Shop.test:443/' });
    const outcome = store.importEndpoint({ planned: plannedGet('https://shop.test/cart') });
    expect(outcome.baseUrl).toBe('HTTPS://Shop.test:443/');
    expect(outcome).not.toHaveProperty('warning');
    expect(store.variables.get(shop.id, 'base_url')).toBe('HTTPS://Shop.test:443/');
  });

  it('never overwrites a different base_url: the endpoint is saved and the warning says where it will go', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop', baseUrl: 'https://shop.test' });
    const outcome = store.importEndpoint({ planned: plannedGet('http://localhost:3000/v1/cart') });
    expect(outcome.baseUrl).toBe('https://shop.test');
    expect(outcome.warning).toBe(
      "the project's base_url is https://shop.test, so this endpoint will be sent to https://shop.test/v1/cart; " +
        "the command's origin was http://localhost:3000 and base_url was not changed. " +
        'To reach http://localhost:3000, select an environment whose base_url is http://localhost:3000.',
    );
    expect(store.variables.get(shop.id, 'base_url')).toBe('https://shop.test');
    expect(store.endpoints.list(shop.id)).toEqual([outcome.endpoint]);
  });

  it('names the endpoint after the last path segment, or the host, unless a name is given', () => {
    const store = temp.open();
    expect(store.importEndpoint({ planned: plannedGet('https://shop.test/v1/order%20items/') }).endpoint.name).toBe(
      'order items',
    );
    expect(store.importEndpoint({ planned: plannedGet('https://shop.test') }).endpoint.name).toBe('shop.test');
    expect(store.importEndpoint({ planned: plannedGet('https://shop.test/x', 'List X') }).endpoint.name).toBe('List X');
  });

  it('keeps method, headers, body and auth, and saves in state Designing whatever the plan said', () => {
    const store = temp.open();
    const planned = planEndpoint({
      method: 'POST',
      url: 'https://shop.test/orders',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'X-Tag', value: '1' },
        { name: 'X-Tag', value: '2' },
      ],
      body: { mode: 'raw', text: '{"sku":"a"}' },
      auth: { type: 'basic', username: 'alice', password: 's3cret' },
      warnings: [],
    });
    const { endpoint } = store.importEndpoint({
      planned: { ...planned, draft: { ...planned.draft, state: 'Released' } },
    });
    expect(store.endpoints.get(endpoint.id)).toMatchObject({
      method: 'POST',
      headers: [
        { key: 'Content-Type', value: 'application/json' },
        { key: 'X-Tag', value: '1' },
        { key: 'X-Tag', value: '2' },
      ],
      body: { mode: 'json', text: '{"sku":"a"}' },
      auth: { type: 'basic', username: 'alice', password: 's3cret' },
      state: 'Designing',
    });
  });

  it('leaves base_url unset for a command written against {{base_url}}', () => {
    const store = temp.open();
    const outcome = store.importEndpoint({ planned: plannedGet('{{base_url}}/users') });
    expect(outcome.baseUrl).toBeNull();
    expect(store.variables.list(outcome.endpoint.projectId)).toEqual([]);
    expect(outcome.endpoint.path).toBe('/users');
  });

  it('saves into a folder of the chosen project', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop' });
    const folder = store.folders.create({ projectId: shop.id, name: 'Orders' });
    const outcome = store.importEndpoint({ planned: plannedGet('https://shop.test/orders'), folderId: folder.id });
    expect(outcome.endpoint.folderId).toBe(folder.id);
  });

  it('refuses a folder of another project with NOT_FOUND and writes nothing, base_url included', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop' });
    const billing = store.projects.create({ name: 'Billing', baseUrl: 'https://billing.test' });
    const foreign = store.folders.create({ projectId: billing.id, name: 'Invoices' });
    const before = countRows(temp.path());
    expect(() =>
      store.importEndpoint({ planned: plannedGet('https://shop.test/cart'), projectId: shop.id, folderId: foreign.id }),
    ).toThrow(
      expect.objectContaining({
        code: 'NOT_FOUND',
        message: `project ${shop.id} has no folder with folderId "${foreign.id}"; leave folderId out to import into the project root`,
      }),
    );
    expect(countRows(temp.path())).toEqual(before);
    expect(store.variables.get(shop.id, 'base_url')).toBeUndefined();
    expect(store.variables.get(billing.id, 'base_url')).toBe('https://billing.test');
  });

  it('leaves no "Agent imports" project behind when the folder check fails after creating it', () => {
    const store = temp.open();
    expect(() => store.importEndpoint({ planned: plannedGet('https://shop.test/cart'), folderId: 'f-404' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"f-404"') }),
    );
    expect(countRows(temp.path())).toEqual({
      projects: 0,
      project_variables: 0,
      folders: 0,
      endpoints: 0,
      environments: 0,
      environment_variables: 0,
      active_environments: 0,
      history: 0,
    });
  });

  it('leaves neither the project nor base_url behind when saving the endpoint itself fails', () => {
    const store = temp.open();
    const planned = plannedGet('https://shop.test/cart');
    const broken = { ...planned, draft: { ...planned.draft, method: 'NOT A METHOD' } };
    expect(() => store.importEndpoint({ planned: broken })).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    expect(countRows(temp.path())).toMatchObject({ projects: 0, project_variables: 0, endpoints: 0 });
    expect(store.importEndpoint({ planned }).createdProject).toBe(true);
  });
});
