import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filesToTree } from './files-to-tree.js';
import type { ProjectTree, TreeFolder } from './project-tree.js';
import { projectTree } from './project-tree-arbitrary.test-support.js';
import { treeToFiles } from './tree-to-files.js';

/**
 * The tree in the order the files give it back: folders depth first (siblings as the tree had them), endpoints
 * grouped by folder in that order, and without `place`, which only reading fills in.
 */
function canonical(tree: ProjectTree): ProjectTree {
  const key = (path: readonly string[]) => JSON.stringify(path);
  const folders: TreeFolder[] = [];
  const visit = (parent: readonly string[]) => {
    for (const folder of tree.folders) {
      if (folder.path.length === parent.length + 1 && key(folder.path.slice(0, -1)) === key(parent)) {
        const { place: _, ...rest } = folder;
        folders.push(rest);
        visit(folder.path);
      }
    }
  };
  visit([]);
  const order = new Map([[key([]), -1], ...folders.map((folder, index) => [key(folder.path), index] as const)]);
  const endpoints = tree.endpoints
    .map(({ place: _, ...rest }) => rest)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (order.get(key(a.entry.folder)) ?? 0) - (order.get(key(b.entry.folder)) ?? 0) || a.index - b.index)
    .map(({ entry }) => entry);
  const environments = tree.environments.map(({ place: _, ...rest }) => rest);
  return { ...tree, folders, endpoints, environments };
}

describe('a project as files', () => {
  it('reads back every field it wrote, for any project', () => {
    fc.assert(
      fc.property(projectTree, (tree) => {
        const { tree: read, problems } = filesToTree(treeToFiles(tree));
        expect(problems).toEqual([]);
        expect(canonical(read)).toEqual(canonical(tree));
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('writes the same bytes for the tree it read, so saving an unchanged project changes no file', () => {
    fc.assert(
      fc.property(projectTree, (tree) => {
        const files = treeToFiles(tree);
        const again = treeToFiles(filesToTree(files).tree);
        expect([...again].sort()).toEqual([...files].sort());
        for (const text of files.values()) expect(text.endsWith('\n')).toBe(true);
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('changes one line of one file when one header value changes, whatever the project holds', () => {
    // A header value never holds a line break on the wire; one that did would be a block of several lines.
    const withHeader = projectTree
      .map((tree) => ({
        ...tree,
        endpoints: tree.endpoints.map((entry) => ({
          ...entry,
          endpoint: {
            ...entry.endpoint,
            headers: entry.endpoint.headers.map((header) => ({ ...header, value: header.value.replace(/\n/g, ' ') })),
          },
        })),
      }))
      .filter((tree) => tree.endpoints.some(({ endpoint }) => endpoint.headers.length > 0));
    fc.assert(
      fc.property(withHeader, fc.nat(), (tree, pick) => {
        const before = treeToFiles(tree);
        const read = filesToTree(before).tree;
        const candidates = read.endpoints.filter(({ endpoint }) => endpoint.headers.length > 0);
        const { endpoint } = candidates[pick % candidates.length] as (typeof candidates)[number];
        const header = endpoint.headers[pick % endpoint.headers.length] as (typeof endpoint.headers)[number];
        header.value = header.value === 'changed' ? 'changed again' : 'changed';
        const after = treeToFiles(read);
        const changed = [...after].filter(([path, text]) => before.get(path) !== text);
        expect(changed).toHaveLength(1);
        const [path, text] = changed[0] as [string, string];
        const [old, next] = [(before.get(path) ?? '').split('\n'), text.split('\n')];
        expect(next).toHaveLength(old.length);
        expect(next.filter((line, index) => line !== old[index])).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('never throws on any text in any file, and reports what it cannot read', () => {
    const path = fc.constantFrom(
      'client-project.yml',
      'a.yml',
      'Users/folder.yml',
      'Users/b.yaml',
      'environments/dev.yml',
      'environments/x/y.yml',
      'folder.yml',
    );
    const yamlish = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({
        unit: fc.constantFrom(
          'a',
          ':',
          ' ',
          '\n',
          '-',
          '[',
          ']',
          '{',
          '}',
          '&',
          '*',
          '!',
          '|',
          '>',
          '"',
          "'",
          '#',
          '1',
        ),
        maxLength: 60,
      }),
      fc.jsonValue().map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(path, yamlish), { maxLength: 6 }), (entries) => {
        const { tree, problems } = filesToTree(new Map(entries));
        expect(Array.isArray(tree.endpoints)).toBe(true);
        for (const problem of problems) expect(typeof problem.message).toBe('string');
      }),
      { numRuns: 500 },
    );
  }, 120_000);
});
