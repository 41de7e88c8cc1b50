import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ImportRequest, parseCurl } from '@client/core';
import { openStore, type Store } from '@client/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EndpointImportedEvent, storeHandlers } from './store-handlers.js';

let dir: string;
let store: Store;
let events: EndpointImportedEvent[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-handlers-'));
  store = openStore(join(dir, 'client.db'));
  events = [];
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const handlers = () => storeHandlers(store, { onEndpointImported: (event) => events.push(event) });
/** As the import route does, with the parse on this thread. */
const importCurl = (request: ImportRequest) => handlers().importCurl(request, parseCurl(request.command));

describe('storeHandlers', () => {
  it('imports through the store and announces the committed endpoint once', () => {
    const result = importCurl({ command: 'curl https://api.example.com/items', name: 'All items' });
    const stored = store.endpoints.list(result.projectId);
    expect(stored.map((endpoint) => endpoint.id)).toEqual([result.endpointId]);
    expect(events).toEqual([{ projectId: result.projectId, endpointId: result.endpointId, name: 'All items' }]);
  });

  it('reports the options the parser ignored', () => {
    const result = importCurl({ command: 'curl -k https://api.example.com/items' });
    expect(result.curlWarnings).toEqual([expect.stringContaining('--insecure')]);
  });

  it('announces nothing when the import is refused', () => {
    expect(() => importCurl({ command: 'curl https://a.example', projectId: 'nope' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(events).toEqual([]);
    expect(store.projects.list()).toEqual([]);
  });

  it('lists endpoints with the project base_url, and refuses an unknown project with what to do', () => {
    const { projectId } = importCurl({ command: "curl https://api.example.com/me -H 'Cookie: s=1'" });
    expect(handlers().listEndpoints(projectId)).toEqual([
      expect.objectContaining({ baseUrl: 'https://api.example.com', headers: [{ key: 'Cookie', value: '••••' }] }),
    ]);
    expect(() => handlers().listEndpoints('nope')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('GET /agent/projects') }),
    );
  });

  it('writes the whole listing as the JSON of listEndpoints, and refuses an unknown project the same way', () => {
    const { projectId } = importCurl({ command: "curl https://api.example.com/me -H 'Cookie: s=1'" });
    importCurl({ command: "curl https://api.example.com/login -u 'alice:s3cret' -d 'password=hunter2'" });
    const json = Buffer.from(handlers().listEndpointsJson?.(projectId) ?? []).toString('utf8');
    expect(json).toBe(JSON.stringify(handlers().listEndpoints(projectId)));
    expect(json).not.toContain('s3cret');
    expect(json).not.toContain('hunter2');
    expect(() => handlers().listEndpointsJson?.('nope')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('GET /agent/projects') }),
    );
  });

  it('imports cURL rows switched on, and lists a row the person switched off with enabled: false', () => {
    const { projectId, endpointId } = importCurl({
      command: "curl 'https://api.example.com/me?page=1' -H 'X-Debug: 1' -H 'Accept: text/plain' -d 'a=1'",
    });
    const imported = store.endpoints.get(endpointId);
    const rows = [...(imported?.queryParams ?? []), ...(imported?.headers ?? [])];
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((row) => row.enabled === undefined)).toBe(true);

    store.endpoints.update(endpointId, {
      headers: (imported?.headers ?? []).map((row) => (row.key === 'X-Debug' ? { ...row, enabled: false } : row)),
      queryParams: [{ key: 'page', value: '1', enabled: false }],
    });
    const [listed] = handlers().listEndpoints(projectId);
    expect(listed?.queryParams).toEqual([{ key: 'page', value: '1', enabled: false }]);
    expect(listed?.headers).toContainEqual({ key: 'X-Debug', value: '1', enabled: false });
    expect(listed?.headers).toContainEqual({ key: 'Accept', value: 'text/plain' });
  });

  it('lists projects with their endpoint counts', () => {
    importCurl({ command: 'curl https://api.example.com/a' });
    importCurl({ command: 'curl https://api.example.com/b' });
    expect(handlers().listProjects()).toEqual([
      expect.objectContaining({ name: 'Agent imports', baseUrl: 'https://api.example.com', endpointCount: 2 }),
    ]);
  });
});
