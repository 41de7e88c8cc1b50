import type { EndpointDraft } from '@client/core';
import { describe, expect, it } from 'vitest';
import { buildOutgoingRequest } from './outgoing-request.js';
import { VariableScope } from './variable-scope.js';

const scope = VariableScope.layered(
  [
    { key: 'base_url', value: 'http://127.0.0.1:9' },
    { key: 'user_id', value: '7' },
  ],
  [{ key: 'token', value: 's3cret-token-x', secret: true }],
);

function draft(variables: string): EndpointDraft {
  return {
    name: 'User',
    method: 'POST',
    path: '/graphql',
    queryParams: [],
    headers: [],
    body: { mode: 'graphql', query: 'query U($id: ID!) { user(id: $id) { name } }', variables, operationName: 'U' },
    auth: { type: 'none' },
    state: 'Designing',
  };
}

describe('a GraphQL body on the wire', () => {
  it('goes out as the JSON document, variables resolved, a secret masked in what History keeps', async () => {
    const request = await buildOutgoingRequest(draft('{"id": {{user_id}}, "token": "{{token}}"}'), scope, 'Client');
    const query = 'query U($id: ID!) { user(id: $id) { name } }';
    expect(request.body).toBe(
      `{"query":${JSON.stringify(query)},"variables":{"id": 7, "token": "s3cret-token-x"},"operationName":"U"}`,
    );
    expect(request.headers).toContainEqual({ key: 'Content-Type', value: 'application/json' });
    expect(request.record.body).not.toContain('s3cret-token-x');
    expect(request.record.body).toContain('"id": 7');
  });

  it('is refused with what to fix when its variables are not a JSON object', async () => {
    await expect(buildOutgoingRequest(draft('{"id": '), scope, 'Client')).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^the GraphQL variables are not valid JSON/),
    });
  });
});
