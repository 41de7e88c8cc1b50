import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimName, fileNameKey, MAX_STEM_BYTES, safeFileStem } from './file-names.js';
import type { ProjectTree } from './project-tree.js';
import { sampleTree } from './sample-tree.test-support.js';
import { layoutOfTree } from './tree-layout.js';

const WINDOWS_UNSAFE = /[<>:"/\\|?*\p{Cc}]|[. ]$|^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/iu;

describe('file names from request names', () => {
  it.each([
    ['List users', 'List users'],
    ['a/b\\c:d*e?f"g<h>i|j', 'a_b_c_d_e_f_g_h_i_j'],
    ['ends with dots...', 'ends with dots'],
    ['  spaced  ', 'spaced'],
    ['.env', '_env'],
    ['..', '__'],
    ['...', '___'],
    ['CON', 'CON_'],
    ['nul.txt', 'nul.txt_'],
    ['com1', 'com1_'],
    ['LPT9.', 'LPT9_'],
    ['tab\there', 'tab_here'],
    ['', 'request'],
    ['   ', 'request'],
    ['café', 'café'],
  ])('makes %j the file stem %j', (name, stem) => {
    expect(safeFileStem(name, 'request')).toBe(stem);
  });

  it('cuts a long name to a byte limit without splitting a character', () => {
    const stem = safeFileStem('😀'.repeat(100), 'request');
    expect(new TextEncoder().encode(stem).length).toBeLessThanOrEqual(MAX_STEM_BYTES);
    expect(stem).toBe('😀'.repeat(MAX_STEM_BYTES / 4));
  });

  it('makes a name that every system takes out of any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (name) => {
        const stem = safeFileStem(name, 'request');
        expect(stem).not.toBe('');
        expect(stem.startsWith('.')).toBe(false);
        expect(WINDOWS_UNSAFE.test(stem)).toBe(false);
        expect(new TextEncoder().encode(stem).length).toBeLessThanOrEqual(MAX_STEM_BYTES);
      }),
    );
  });

  it('tells apart names that differ only in case, the first keeping the plain name', () => {
    const taken = new Set<string>();
    expect(['Users', 'users', 'USERS', 'users 2'].map((stem) => claimName(stem, '.yml', taken))).toEqual([
      'Users.yml',
      'users 2.yml',
      'USERS 3.yml',
      'users 2 2.yml',
    ]);
    expect(taken.has(fileNameKey('USERS.YML'))).toBe(true);
  });

  it('compares names in one Unicode form, as macOS does', () => {
    const taken = new Set<string>();
    expect(claimName('caf\u00e9', '', taken)).toBe('caf\u00e9');
    expect(claimName('cafe\u0301', '', taken)).toBe('cafe\u0301 2');
  });
});

describe('the layout of a tree', () => {
  function tree(patch: Partial<ProjectTree>): ProjectTree {
    return { ...sampleTree(), folders: [], endpoints: [], environments: [], ...patch };
  }
  const draft = sampleTree().endpoints[0]?.endpoint as ProjectTree['endpoints'][number]['endpoint'];

  it('keeps the names the project and folders need free of requests and folders', () => {
    const layout = layoutOfTree(
      tree({
        folders: [{ path: ['environments'] }, { path: ['environments', 'folder'] }],
        endpoints: [
          { folder: [], endpoint: { ...draft, name: 'client-project' } },
          { folder: ['environments'], endpoint: { ...draft, name: 'Folder' } },
        ],
      }),
    );
    expect(layout.folderPlaces.map((place) => place.path)).toEqual(['environments 2', 'environments 2/folder']);
    expect(layout.endpointPlaces.map((place) => place.path)).toEqual([
      'client-project 2.yml',
      'environments 2/Folder 2.yml',
    ]);
  });

  it('gives requests of one name in one folder distinct files in their order', () => {
    const layout = layoutOfTree(
      tree({ endpoints: ['Get', 'get', 'GET'].map((name) => ({ folder: [], endpoint: { ...draft, name } })) }),
    );
    expect(layout.endpointPlaces.map((place) => place.path)).toEqual(['Get.yml', 'get 2.yml', 'GET 3.yml']);
  });

  it('keeps a file name read from disk, and never gives it to a newcomer', () => {
    const layout = layoutOfTree(
      tree({
        endpoints: [
          { folder: [], endpoint: { ...draft, name: 'Health' } },
          { folder: [], endpoint: { ...draft, name: 'Ping' }, place: { path: 'Health.yml', seq: 5 } },
        ],
      }),
    );
    expect(layout.endpointPlaces).toEqual([
      { path: 'Health 2.yml', seq: 3 },
      { path: 'Health.yml', seq: 5 },
    ]);
  });

  it('moves a file whose request moved to another folder', () => {
    const layout = layoutOfTree(
      tree({
        folders: [{ path: ['A'] }],
        endpoints: [{ folder: ['A'], endpoint: draft, place: { path: 'Health.yml' } }],
      }),
    );
    expect(layout.endpointPlaces[0]?.path).toBe('A/Health.yml');
  });

  it('writes a folder an endpoint names though the tree lists no such folder', () => {
    const layout = layoutOfTree(tree({ endpoints: [{ folder: ['X', 'Y'], endpoint: draft }] }));
    expect(layout.folders.map((folder) => folder.path)).toEqual([['X'], ['X', 'Y']]);
    expect(layout.endpointPlaces[0]?.path).toBe('X/Y/Health.yml');
  });
});
