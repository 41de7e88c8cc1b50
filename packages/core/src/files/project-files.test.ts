import { describe, expect, it } from 'vitest';
import type { EndpointDraft } from '../model.js';
import { endpointFileText, readEndpointFile } from './endpoint-file.js';
import { filesToTree } from './files-to-tree.js';
import { sampleTree } from './sample-tree.test-support.js';
import { treeToFiles } from './tree-to-files.js';

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

describe('the files of a project', () => {
  const files = treeToFiles(sampleTree());

  it('lays a project out as a project file, a directory per folder and a file per request and environment', () => {
    expect([...files.keys()]).toEqual([
      'client-project.yml',
      'Users/folder.yml',
      'Users/Admin/folder.yml',
      'Health.yml',
      'Users/Create user.yml',
      'Users/Admin/Upload avatar.yml',
      'environments/Staging.yml',
    ]);
  });

  it('writes the project file', () => {
    expect(files.get('client-project.yml')).toBe(
      lines(
        'format: 1',
        'name: Shop',
        'description: |',
        '  The shop API.',
        '  Used by the web and mobile apps.',
        'settings:',
        '  timeoutMs: 30000',
        '  verifyTls: false',
        'auth:',
        '  type: bearer',
        '  token: "{{token}}"',
        'scripts:',
        '  from: postman',
        '  preRequest: |',
        "    pm.variables.set('t', Date.now());",
        '  postResponse: ""',
        '  tests: ""',
        'variables:',
        '  - key: base_url',
        '    value: https://api.example.com',
        '  - key: old',
        '    value: x',
        '    enabled: false',
      ),
    );
  });

  it('writes a folder file', () => {
    expect(files.get('Users/Admin/folder.yml')).toBe(
      lines(
        'name: Admin',
        'seq: 1000',
        'auth:',
        '  type: basic',
        '  username: admin',
        '  password: "{{admin_password}}"',
      ),
    );
  });

  it('writes a request file with every part a request has', () => {
    expect(files.get('Users/Create user.yml')).toBe(
      lines(
        'name: Create user',
        'seq: 1000',
        'method: POST',
        'path: /users',
        'state: Developing',
        'description: |-',
        '  Creates a user.',
        '',
        '  Returns its id.',
        'query:',
        '  - key: notify',
        '    value: "true"',
        '  - key: dry',
        '    value: ""',
        '    equals: true',
        '  - key: debug',
        '    value: "1"',
        '    enabled: false',
        'headers:',
        '  - key: Content-Type',
        '    value: application/json',
        '  - key: X-Trace',
        '    value: "{{trace}}"',
        '    enabled: false',
        'body:',
        '  mode: json',
        '  text: |',
        '    {',
        '      "name": "Ada",',
        '      "age": 36',
        '    }',
        'auth:',
        '  type: inherit',
        'settings:',
        '  followRedirects: false',
        '  proxy:',
        '    mode: url',
        '    url: http://proxy:3128',
        '    noProxy: localhost',
        'scripts:',
        '  from: bruno',
        '  preRequest: ""',
        '  postResponse: |',
        "    bru.setVar('id', res.body.id);",
        '  tests: |',
        "    test('created', () => expect(res.status).to.equal(201));",
        'tests:',
        '  - source: status',
        '    property: ""',
        '    operator: eq',
        '    value: "201"',
        '  - source: jsonpath',
        '    property: $.id',
        '    operator: exists',
        '    value: ""',
        '  - source: header',
        '    property: Location',
        '    operator: matches',
        '    value: ^/users/',
        '    enabled: false',
        'examples:',
        '  - name: Created',
        '    status: 201',
        '    delay:',
        '      minMs: 10',
        '      maxMs: 50',
        '    headers:',
        '      - key: Content-Type',
        '        value: application/json',
        `    body: '{"id": 7}'`,
        '  - name: Conflict',
        '    status: 409',
        '    mockStatus: 500',
        '    headers: []',
        '    body: ""',
        'contract:',
        '  parameters:',
        '    - name: notify',
        '      in: query',
        '      required: false',
        '      schema:',
        '        type: boolean',
        '  requestBody:',
        '    required: true',
        '    content:',
        '      - mediaType: application/json',
        '        schema:',
        '          $ref: "#/$defs/NewUser"',
        '  responses:',
        '    - status: "201"',
        '      description: Created',
        '      headers: []',
        '      content: []',
        '  defs:',
        '    NewUser:',
        '      type: object',
        '      required:',
        '        - name',
        '      properties:',
        '        name:',
        '          type: string',
      ),
    );
  });

  it('writes a multipart body and an OAuth 2.0 sign-in', () => {
    expect(files.get('Users/Admin/Upload avatar.yml')).toBe(
      lines(
        'name: Upload avatar',
        'seq: 1000',
        'method: PUT',
        'path: /users/{{id}}/avatar',
        'state: Testing',
        'query: []',
        'headers: []',
        'body:',
        '  mode: multipart',
        '  parts:',
        '    - name: file',
        '      file: avatars/ada.png',
        '      contentType: image/png',
        '    - name: note',
        '      value: hello',
        '    - name: old',
        '      value: x',
        '      enabled: false',
        'auth:',
        '  type: oauth2',
        '  grant: authorizationCode',
        '  authorizationUrl: https://auth.example.com/authorize',
        '  tokenUrl: https://auth.example.com/token',
        '  clientId: shop',
        '  clientSecret: ""',
        '  scope: users:write',
      ),
    );
  });

  it('writes an environment with its secrets marked and without their values', () => {
    expect(files.get('environments/Staging.yml')).toBe(
      lines(
        'name: Staging',
        'seq: 1000',
        'variables:',
        '  - key: base_url',
        '    value: https://staging.example.com',
        '  - key: token',
        '    secret: true',
        '    allowedHosts:',
        '      - staging.example.com',
        '  - key: trace',
        '    value: "on"',
        '    enabled: false',
      ),
    );
  });

  it('never writes a secret value, even one the tree was handed by mistake', () => {
    const tree = sampleTree();
    tree.environments[0]?.variables.push({ key: 'password', value: 'hunter2-secret', secret: true });
    for (const text of treeToFiles(tree).values()) expect(text).not.toContain('hunter2-secret');
  });

  it('reads the sample back whole', () => {
    const { tree, problems } = filesToTree(files);
    expect(problems).toEqual([]);
    expect(tree.endpoints.map(({ folder, endpoint }) => [folder, endpoint])).toEqual(
      sampleTree().endpoints.map(({ folder, endpoint }) => [folder, endpoint]),
    );
    expect(tree.endpoints.map(({ place }) => place)).toEqual([
      { path: 'Health.yml', seq: 1000 },
      { path: 'Users/Create user.yml', seq: 1000 },
      { path: 'Users/Admin/Upload avatar.yml', seq: 1000 },
    ]);
  });
});

describe('one request file', () => {
  const draft = sampleTree().endpoints[1]?.endpoint as EndpointDraft;

  it('is written and read on its own, with its seq', () => {
    const text = endpointFileText(draft, 1500);
    expect(readEndpointFile(text, 'Users/Create user.yml')).toEqual({ value: { endpoint: draft, seq: 1500 } });
  });

  it('takes a file an agent writes with only what it needs: the name from the file, the rest by default', () => {
    const read = readEndpointFile(
      lines('method: POST', 'path: /orders', 'body:', '  mode: json', '  text: "{}"'),
      'Orders/Create order.yml',
    );
    expect(read).toEqual({
      value: {
        endpoint: {
          name: 'Create order',
          method: 'POST',
          path: '/orders',
          queryParams: [],
          headers: [],
          body: { mode: 'json', text: '{}' },
          auth: { type: 'inherit' },
          state: 'Designing',
        },
      },
    });
  });

  it('takes plain numbers and empty fields as the text they show', () => {
    const read = readEndpointFile(
      lines('headers:', '  - key: X-Port', '    value: 8080', '  - key: X-Empty', '    value:'),
      'a.yml',
    );
    expect(read.value?.endpoint.headers).toEqual([
      { key: 'X-Port', value: '8080' },
      { key: 'X-Empty', value: '' },
    ]);
  });
});
