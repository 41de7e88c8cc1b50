import type { Endpoint } from '@client/core';
import { describe, expect, it } from 'vitest';
import { isDraftChanged } from '../lib/draft.js';
import { EditorTabs } from './editor-tabs.js';

const endpoint: Endpoint = {
  id: 'e1',
  projectId: 'p1',
  folderId: null,
  name: 'Get user',
  method: 'GET',
  path: '/users/1',
  queryParams: [],
  headers: [],
  body: { mode: 'none' },
  auth: { type: 'none' },
  state: 'Designing',
  createdAt: '2026-11-29T09:00:00.000Z',
  updatedAt: '2026-11-29T09:00:00.000Z',
};
const found = { name: '200 OK', status: 200, headers: [], body: '{}' };
const gone = { name: 'Gone', status: 410, headers: [], body: '' };

describe('EditorTabs.exampleAdded', () => {
  it('moves the stored examples without marking the tab unsaved, and keeps the edits the tab had', () => {
    const tabs = new EditorTabs();
    tabs.open(endpoint);
    tabs.exampleAdded({ ...endpoint, examples: [found] }, found);
    const tab = tabs.tab('e1');
    if (tab === undefined) throw new Error('the tab closed');
    expect(tab.current.examples).toEqual([found]);
    expect(isDraftChanged(tab.saved, tab.current)).toBe(false);

    tabs.update('e1', (current) => ({ ...current, current: { ...current.current, name: 'Get one user' } }));
    tabs.exampleAdded({ ...endpoint, examples: [found, gone] }, gone);
    expect(tabs.tab('e1')?.current).toMatchObject({ name: 'Get one user', examples: [found, gone] });
    expect(tabs.tab('e1')?.saved).toMatchObject({ name: 'Get user', examples: [found, gone] });
  });
});
