import { endpointFileText, type McpSettings, readEndpointFile } from '@client/core';
import { describe, expect, it } from 'vitest';
import { duplicateEndpoint } from './duplicate.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

const stdio: McpSettings = {
  transport: 'stdio',
  command: 'npx',
  args: ['-y', '@acme/mcp-server'],
  env: [{ key: 'ACME_KEY', value: '{{acme_key}}' }],
};

function project() {
  const store = temp.open();
  const { id } = store.projects.create({ name: 'Servers' });
  return { store, projectId: id };
}

describe("an MCP endpoint's settings", () => {
  it('are kept as created and read back after reopening', () => {
    const { store, projectId } = project();
    const created = store.endpoints.create(projectId, null, { name: 'Acme', path: '/', kind: 'mcp', mcp: stdio });
    expect(created).toMatchObject({ kind: 'mcp', mcp: stdio });
    store.close();
    expect(temp.open().endpoints.get(created.id)).toMatchObject({ kind: 'mcp', mcp: stdio });
  });

  it('stay when an update leaves them out, change with new ones and go with null', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, { name: 'Acme', path: '/mcp', kind: 'mcp', mcp: stdio });
    expect(store.endpoints.update(id, { name: 'Acme 2' }).mcp).toEqual(stdio);
    expect(store.endpoints.update(id, { mcp: { transport: 'http' } }).mcp).toEqual({ transport: 'http' });
    expect(store.endpoints.update(id, { mcp: null })).not.toHaveProperty('mcp');
  });

  it('are checked, naming the field', () => {
    const { store, projectId } = project();
    expect(() =>
      store.endpoints.create(projectId, null, {
        name: 'Bad',
        path: '/',
        kind: 'mcp',
        mcp: { transport: 'stdio', command: '' } as McpSettings,
      }),
    ).toThrow('mcp.command is empty; name the program that runs the server');
  });

  it('go with a duplicate', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, { name: 'Acme', path: '/', kind: 'mcp', mcp: stdio });
    const copy = duplicateEndpoint(store, id);
    expect(store.endpoints.get(copy.id)).toMatchObject({ kind: 'mcp', mcp: stdio });
  });
});

describe("an MCP endpoint's request file", () => {
  it('writes the settings and reads them back', () => {
    const draft = {
      name: 'Acme',
      method: 'POST',
      path: '/',
      queryParams: [],
      headers: [],
      body: { mode: 'none' as const },
      auth: { type: 'none' as const },
      state: 'Designing' as const,
      kind: 'mcp' as const,
      mcp: stdio,
    };
    const text = endpointFileText(draft);
    expect(text).toContain('transport: stdio');
    expect(readEndpointFile(text, 'Acme.yml').value?.endpoint).toMatchObject({ kind: 'mcp', mcp: stdio });
  });
});
