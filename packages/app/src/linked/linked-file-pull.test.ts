import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyProjectTree, openStore, readProjectTree, type Store } from '@client/store';
import { fullTree } from '@client/store/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkProject } from './link-project.js';
import { pullChangedFiles } from './linked-file-pull.js';
import { pullLinkedFolder } from './linked-sync.js';

describe('reading just the files a watcher named', () => {
  let dir = '';
  let folder = '';
  let store: Store;
  let projectId = '';

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'client-linked-file-'));
    folder = join(dir, 'shop');
    store = openStore(join(dir, 'client.db'));
    projectId = store.projects.create({ name: 'Shop' }).id;
    applyProjectTree(store, projectId, fullTree());
    linkProject(store, projectId, folder);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const edit = (path: string, from: string, to: string) => {
    const text = readFileSync(join(folder, path), 'utf8');
    expect(text).toContain(from);
    writeFileSync(join(folder, path), text.replace(from, to));
  };
  const health = () => store.endpoints.list(projectId).find((endpoint) => endpoint.name === 'Health');

  it('updates the one request an edited file holds, as reading the whole folder would', () => {
    const id = health()?.id;
    edit('Health.yml', '/health', '/ready');
    const outcome = pullChangedFiles(store, projectId, folder, ['Health.yml']);
    expect(outcome).toMatchObject({ changed: true, changedEndpoints: [{ endpointId: id, draft: { path: '/ready' } }] });
    expect(health()?.path).toBe('/ready');
    const incremental = readProjectTree(store, projectId);
    // The index now matches the disk: the folder looks unchanged, and a forced read of it changes nothing.
    expect(pullLinkedFolder(store, projectId)).toBeNull();
    expect(pullLinkedFolder(store, projectId, { force: true })?.changed).toBe(false);
    expect(readProjectTree(store, projectId)).toEqual(incremental);
  });

  it('answers null when the text did not change, and records the file as seen', () => {
    const text = readFileSync(join(folder, 'Health.yml'), 'utf8');
    writeFileSync(join(folder, 'Health.yml'), text);
    expect(pullChangedFiles(store, projectId, folder, ['Health.yml'])).toBeNull();
    expect(pullLinkedFolder(store, projectId)).toBeNull();
  });

  it('leaves everything to the whole read for a new file, a rename, a broken file or a project file', () => {
    const before = readProjectTree(store, projectId);
    writeFileSync(join(folder, 'Refunds.yml'), 'name: Refunds\nmethod: POST\npath: /refunds\n');
    expect(pullChangedFiles(store, projectId, folder, ['Refunds.yml'])).toBeUndefined();
    edit('Health.yml', 'name: Health', 'name: Ready');
    expect(pullChangedFiles(store, projectId, folder, ['Health.yml'])).toBeUndefined();
    writeFileSync(join(folder, 'Health.yml'), 'name: Health\n  bad: indent\n');
    expect(pullChangedFiles(store, projectId, folder, ['Health.yml'])).toBeUndefined();
    expect(pullChangedFiles(store, projectId, folder, ['client-project.yml'])).toBeUndefined();
    expect(readProjectTree(store, projectId)).toEqual(before);
  });
});
