import { describe, expect, it } from 'vitest';
import { filesToTree } from './files-to-tree.js';
import { sampleTree } from './sample-tree.test-support.js';
import { treeToFiles } from './tree-to-files.js';

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

function withFile(path: string, text: string): Map<string, string> {
  const files = treeToFiles(sampleTree());
  files.set(path, text);
  return files;
}

describe('a file that cannot be read', () => {
  it('is reported with the line where its YAML breaks, and every other file is read', () => {
    const broken = lines('name: Broken', 'method: GET', 'headers:', '  - key: Accept: json', '    value: x');
    const { tree, problems } = filesToTree(withFile('Users/Broken.yml', broken));
    expect(problems).toEqual([{ file: 'Users/Broken.yml', line: 4, message: expect.stringMatching(/^is not YAML: /) }]);
    expect(tree.endpoints.map(({ endpoint }) => endpoint.name)).toEqual(['Health', 'Create user', 'Upload avatar']);
    expect(tree.environments).toHaveLength(1);
  });

  it('is reported naming the field that does not fit, at that field’s line', () => {
    const wrong = lines('name: Wrong', 'method: GET', 'headers:', '  - key: Accept', '    value: [1, 2]');
    const { problems, tree } = filesToTree(withFile('Wrong.yml', wrong));
    expect(problems).toEqual([
      { file: 'Wrong.yml', line: 5, message: 'headers[0].value must be a string, not an array' },
    ]);
    expect(tree.endpoints).toHaveLength(3);
  });

  it('names a field the format does not have, at its line', () => {
    const text = lines('name: Typo', 'method: GET', 'hedaers: []');
    expect(filesToTree(withFile('Typo.yml', text)).problems).toEqual([
      {
        file: 'Typo.yml',
        line: 3,
        message: expect.stringMatching(/^the file has no field "hedaers"; the fields are name, seq/),
      },
    ]);
  });

  it('names an unknown auth kind at its line', () => {
    const text = lines('name: Auth', 'method: GET', 'auth:', '  type: ntlm');
    expect(filesToTree(withFile('Auth.yml', text)).problems).toEqual([
      {
        file: 'Auth.yml',
        line: 4,
        message: expect.stringMatching(/^auth\.type "ntlm" is unknown; use one of none, inherit/),
      },
    ]);
  });

  it('points an assertion row the Tests tab refuses at its line', () => {
    const text = lines(
      'name: Rows',
      'tests:',
      '  - source: status',
      '    property: ""',
      '    operator: gt',
      '    value: many',
    );
    const [problem] = filesToTree(withFile('Rows.yml', text)).problems;
    expect(problem).toMatchObject({
      file: 'Rows.yml',
      line: 6,
      message: expect.stringMatching(/^tests\[0\]\.value must be a number/),
    });
  });

  it('refuses a secret variable written with its value, saying where the value belongs', () => {
    const text = lines('name: Leak', 'variables:', '  - key: token', '    value: sk_live_123', '    secret: true');
    const { problems, tree } = filesToTree(withFile('environments/Leak.yml', text));
    expect(problems).toEqual([
      {
        file: 'environments/Leak.yml',
        line: 4,
        message: expect.stringMatching(/^variables\[0\]\.value must not be in the file/),
      },
    ]);
    expect(tree.environments.map((environment) => environment.name)).toEqual(['Staging']);
  });

  it('reports a project file of a later format instead of misreading it', () => {
    const { problems } = filesToTree(withFile('client-project.yml', lines('format: 2', 'name: Future')));
    expect(problems).toEqual([
      { file: 'client-project.yml', line: 1, message: expect.stringMatching(/^format 2 is not one/) },
    ]);
  });

  it('reports a file that holds a list instead of a request', () => {
    expect(filesToTree(withFile('List.yml', lines('- a', '- b'))).problems).toEqual([
      { file: 'List.yml', line: 1, message: 'the file must be an object, not an array' },
    ]);
  });

  it('reads an empty request file as a request named after the file', () => {
    const { tree, problems } = filesToTree(withFile('Ping.yml', ''));
    expect(problems).toEqual([]);
    expect(tree.endpoints.find(({ endpoint }) => endpoint.name === 'Ping')?.endpoint.method).toBe('GET');
  });

  it('skips what is not the format’s: hidden files, other extensions, .git', () => {
    const files = withFile('.git/config.yml', 'not: [read');
    files.set('README.md', '# Shop');
    files.set('.github/workflows/ci.yml', 'on: push');
    expect(filesToTree(files).problems).toEqual([]);
  });

  it('reads a folder whose folder file is broken under its directory name, and reports the file', () => {
    const { tree, problems } = filesToTree(withFile('Users/folder.yml', 'name: [Users'));
    expect(problems).toEqual([{ file: 'Users/folder.yml', line: 1, message: expect.stringMatching(/^is not YAML/) }]);
    expect(tree.endpoints.map(({ folder }) => folder)).toEqual([[], ['Users'], ['Users', 'Admin']]);
  });

  it('reads two directories that name themselves alike under distinct names, and says so', () => {
    const files = withFile('Customers/folder.yml', lines('name: Users'));
    files.set('Customers/List.yml', lines('name: List'));
    const { tree, problems } = filesToTree(files);
    expect(tree.folders.map((folder) => folder.path)).toEqual([['Users'], ['Users', 'Admin'], ['Users 2']]);
    expect(problems).toEqual([
      { file: 'Customers/folder.yml', message: 'names itself "Users" like an earlier sibling; read as "Users 2"' },
    ]);
  });
});
