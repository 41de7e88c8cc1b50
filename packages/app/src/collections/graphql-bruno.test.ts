import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCollection } from './read-collection.js';

/** A GraphQL request as Bruno saves it: the query and its variables in blocks of their own. */
const USER = `meta {
  name: User
  type: graphql
  seq: 1
}

post {
  url: {{base_url}}/graphql
  body: graphql
  auth: none
}

body:graphql {
  query User($id: ID!) {
    user(id: $id) {
      name
    }
  }
}

body:graphql:vars {
  {
    "id": "{{userId}}"
  }
}
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Bruno GraphQL requests', () => {
  it('become GraphQL bodies: the query and the variables as written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-bruno-graphql-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'bruno.json'), JSON.stringify({ version: '1', name: 'Accounts', type: 'collection' }));
    writeFileSync(join(dir, 'User.bru'), USER);
    const plan = await readCollection(dir);
    expect(plan.endpoints[0]?.draft.method).toBe('POST');
    expect(plan.endpoints[0]?.draft.body).toEqual({
      mode: 'graphql',
      query: 'query User($id: ID!) {\n  user(id: $id) {\n    name\n  }\n}',
      variables: '{\n  "id": "{{userId}}"\n}',
    });
  });
});
