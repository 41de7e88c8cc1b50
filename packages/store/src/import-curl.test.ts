import { parseCurl, readImportRequest } from '@client/core';
import { describe, expect, it } from 'vitest';
import { countRows, useTempStores } from './store.test-support.js';

const temp = useTempStores();

describe('importCurl', () => {
  it('parses the command, plans the endpoint and saves it through the import transaction', () => {
    const store = temp.open();
    const request = readImportRequest({
      command: `curl 'https://alice:s3cret@API.example.com/v1/items?b=2&a=1&b=3' -H 'Accept: application/json'`,
    });
    const outcome = store.importCurl(request);
    expect(outcome).toEqual({
      endpoint: {
        id: expect.any(String),
        projectId: expect.any(String),
        folderId: null,
        name: 'items',
        method: 'GET',
        path: '/v1/items',
        queryParams: [
          { key: 'b', value: '2' },
          { key: 'a', value: '1' },
          { key: 'b', value: '3' },
        ],
        headers: [{ key: 'Accept', value: 'application/json' }],
        body: { mode: 'none' },
        auth: { type: 'basic', username: 'alice', password: 's3cret' },
        state: 'Designing',
        createdAt: expect.any(String),
        updatedAt: outcome.endpoint.createdAt,
      },
      projectName: 'Agent imports',
      baseUrl: 'https://api.example.com',
      createdProject: true,
    });
    expect(store.endpoints.get(outcome.endpoint.id)).toEqual(outcome.endpoint);
  });

  it('passes name, projectId and folderId on', () => {
    const store = temp.open();
    store.projects.create({ name: 'Shop' });
    const billing = store.projects.create({ name: 'Billing' });
    const folder = store.folders.create({ projectId: billing.id, name: 'Invoices' });
    const outcome = store.importCurl(
      readImportRequest({
        command: `curl -X POST https://billing.test/invoices --json '{"total":3}'`,
        name: 'Create invoice',
        project_id: billing.id,
        folder_id: folder.id,
      }),
    );
    expect(outcome.endpoint).toMatchObject({
      name: 'Create invoice',
      projectId: billing.id,
      folderId: folder.id,
      method: 'POST',
      body: { mode: 'json', text: '{"total":3}' },
    });
  });

  it('saves the assertion rows sent with the command, and lists them with secrets masked', () => {
    const store = temp.open();
    const outcome = store.importCurl(
      readImportRequest({
        command: 'curl https://shop.test/cart',
        tests: [
          { source: 'status', operator: 'eq', value: 200 },
          { source: 'header', property: 'X-Api-Key', operator: 'eq', value: 'k-123' },
        ],
      }),
    );
    const rows = [
      { source: 'status', property: '', operator: 'eq', value: '200' },
      { source: 'header', property: 'X-Api-Key', operator: 'eq', value: 'k-123' },
    ];
    expect(store.endpoints.get(outcome.endpoint.id)?.tests).toEqual(rows);
    const { projectId } = outcome.endpoint;
    const listings = store.endpoints.listings(projectId, null);
    expect(listings[0]?.tests).toEqual([rows[0], { ...rows[1], value: '••••' }]);
    expect(store.endpoints.listingsJson(projectId, null).toString('utf8')).toBe(JSON.stringify(listings));
    expect(store.importCurl({ command: 'curl https://shop.test/cart' }).endpoint).not.toHaveProperty('tests');
  });

  it('returns the options the parser ignored as curlWarnings', () => {
    const store = temp.open();
    const outcome = store.importCurl({ command: 'curl -k https://shop.test/cart' });
    expect(outcome.curlWarnings).toEqual([expect.stringContaining('-k (--insecure) was ignored')]);
    expect(store.importCurl({ command: 'curl https://shop.test/cart' })).not.toHaveProperty('curlWarnings');
  });

  it('saves a command parsed elsewhere as importCurl saves the command itself', () => {
    const store = temp.open();
    const command = "curl -k https://shop.test/cart -H 'Accept: text/plain' -d 'a=1'";
    const direct = store.importCurl({ command, name: 'Cart' });
    const parsed = store.importParsedCurl({ name: 'Cart' }, parseCurl(command));
    const { id, createdAt, updatedAt } = parsed.endpoint;
    expect(parsed).toEqual({
      ...direct,
      endpoint: { ...direct.endpoint, id, createdAt, updatedAt },
      createdProject: false,
    });
  });

  it.each([
    ['wget https://shop.test/cart', 'not a curl command'],
    ['curl https://shop.test/cart && rm -rf /', 'several commands joined by &&'],
    ["curl 'https://shop.test/cart", 'quote'],
  ])('refuses %j with VALIDATION and writes nothing', (command, message) => {
    const store = temp.open();
    expect(() => store.importCurl({ command })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining(message) }),
    );
    expect(countRows(temp.path())).toMatchObject({ projects: 0, endpoints: 0 });
  });
});
