import { describe, expect, it } from 'vitest';
import type { ProjectTree } from '../api/types.js';
import { folderPath, requestsInOrder } from './run-order.js';
import { buildLoadRequest, buildRunRequest, type RunSetup, rerunRequest } from './run-request.js';

const folders = [
  { id: 'f1', projectId: 'p1', parentId: null, name: 'Orders', createdAt: '', updatedAt: '' },
  { id: 'f2', projectId: 'p1', parentId: 'f1', name: 'Refunds', createdAt: '', updatedAt: '' },
];
const endpoint = (id: string, name: string, folderId: string | null) => ({
  id,
  folderId,
  name,
  method: 'GET',
  path: `/${id}`,
  state: 'Designing' as const,
});
// As the app lists them: in the order they were made.
const tree: ProjectTree = {
  folders,
  endpoints: [
    endpoint('e1', 'Ping', null),
    endpoint('e2', 'List orders', 'f1'),
    endpoint('e3', 'Refund', 'f2'),
    endpoint('e4', 'Create order', 'f1'),
  ],
};

const setup = (change: Partial<RunSetup> = {}): RunSetup => ({
  environmentId: null,
  iterations: '',
  delayMs: '',
  timeoutMs: '',
  bail: false,
  dataFile: null,
  entries: requestsInOrder(tree, null),
  ...change,
});

describe('the requests a run takes', () => {
  it('lists a project’s or a folder’s requests as the app runs them: folders first, each in the order made', () => {
    expect(requestsInOrder(tree, null).map((entry) => entry.name)).toEqual([
      'Refund',
      'List orders',
      'Create order',
      'Ping',
    ]);
    const orders = requestsInOrder(tree, 'f1');
    expect(orders.map((entry) => [entry.name, entry.path])).toEqual([
      ['Refund', ['Refunds']],
      ['List orders', []],
      ['Create order', []],
    ]);
    expect(requestsInOrder(tree, 'gone')).toEqual([]);
    expect(folderPath(folders, 'f2')).toBe('Orders / Refunds');
  });
});

describe('the run the form asks for', () => {
  const defaults = requestsInOrder(tree, null);
  const target = { projectId: 'p1', folderId: null };

  it('leaves the order to the app while it is the tree’s, and fills only what was typed', () => {
    expect(buildRunRequest(target, setup(), defaults)).toEqual({ ok: true, value: { projectId: 'p1', bail: false } });
    const full = buildRunRequest(
      { projectId: 'p1', folderId: 'f1' },
      setup({
        environmentId: 'env',
        iterations: '3',
        delayMs: '0',
        timeoutMs: '500',
        bail: true,
        dataFile: { name: 'users.csv', text: 'name\nann' },
      }),
      defaults,
    );
    expect(full).toEqual({
      ok: true,
      value: {
        projectId: 'p1',
        folderId: 'f1',
        environmentId: 'env',
        iterations: 3,
        delayMs: 0,
        timeoutMs: 500,
        bail: true,
        dataFile: { name: 'users.csv', text: 'name\nann' },
      },
    });
  });

  it('names the included requests in the list’s order once it changed', () => {
    const entries = [...defaults].reverse().map((entry) => (entry.id === 'e3' ? { ...entry, included: false } : entry));
    const built = buildRunRequest(target, setup({ entries }), defaults);
    expect(built.ok && built.value.order).toEqual(['e1', 'e4', 'e2']);
    expect(built.ok && rerunRequest(built.value, ['e2']).order).toEqual(['e2']);
  });

  it('says what is wrong instead of starting', () => {
    const none = setup({ entries: defaults.map((entry) => ({ ...entry, included: false })) });
    expect(buildRunRequest(target, none, defaults)).toEqual({ ok: false, problem: 'Tick at least one request to run' });
    expect(buildRunRequest(target, setup({ iterations: '0' }), defaults)).toEqual({
      ok: false,
      problem: 'Iterations must be a whole number from 1 to 10,000',
    });
    expect(buildRunRequest(target, setup({ delayMs: '1.5' }), defaults)).toMatchObject({ ok: false });
  });

  it('makes a load test of the same requests from its connections and seconds', () => {
    const built = buildRunRequest({ projectId: 'p1', folderId: 'f1' }, setup({ environmentId: 'env' }), defaults);
    if (!built.ok) throw new Error(built.problem);
    expect(buildLoadRequest(built.value, { connections: '25', durationSeconds: '3' })).toEqual({
      ok: true,
      value: { projectId: 'p1', folderId: 'f1', environmentId: 'env', connections: 25, durationMs: 3000 },
    });
    expect(buildLoadRequest(built.value, { connections: '0', durationSeconds: '3' })).toEqual({
      ok: false,
      problem: 'Connections must be a whole number from 1 to 1,000',
    });
  });
});
