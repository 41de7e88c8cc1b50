import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCollection } from './read-collection.js';

const USER = `meta {
  name: Get user
  type: http
  seq: 1
}

get {
  url: https://api.example.com/users/1
}

example {
  name: Found
  description: The user exists

  request: {
    url: https://api.example.com/users/1
    method: get
    mode: none
  }

  response: {
    headers: {
      content-type: application/json
      ~x-debug: 1
    }

    status: {
      code: 200
      text: OK
    }

    body: {
      type: json
      content: '''
        {
          "id": 1
        }
      '''
    }
  }
}

example {
  name:
  request: {
    url: https://api.example.com/users/1
    method: get
  }

  response: {
    status: {
      code: 404
      text: Not Found
    }

    body: {
      type: text
      content: '''
        no such user
      '''
    }
  }
}
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Bruno examples', () => {
  it("become the endpoint's examples: name (or status), status, response headers and body", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-bruno-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'Users'));
    writeFileSync(join(dir, 'bruno.json'), JSON.stringify({ version: '1', name: 'Users', type: 'collection' }));
    writeFileSync(join(dir, 'Users', 'Get user.bru'), USER);
    const plan = await readCollection(dir);
    expect(plan.endpoints[0]?.draft.examples).toEqual([
      {
        name: 'Found',
        status: 200,
        headers: [
          { key: 'content-type', value: 'application/json' },
          { key: 'x-debug', value: '1', enabled: false },
        ],
        body: '{\n  "id": 1\n}',
      },
      { name: '404 Not Found', status: 404, headers: [], body: 'no such user' },
    ]);
  });
});
