import { describe, expect, it } from 'vitest';
import { referencedVariables } from './request-variables.js';
import { RunVariables } from './run-variables.js';
import { request } from './sandbox.test-support.js';

describe('referencedVariables', () => {
  it('finds the names a request uses, through the values of those names', () => {
    const variables = new RunVariables({
      collection: [
        { key: 'base', value: 'https://{{host}}/{{version}}' },
        { key: 'host', value: 'api.test' },
        { key: 'loop', value: '{{loop}}' },
      ],
      environment: [{ key: 'token', value: 't', secret: true }],
    });
    const used = referencedVariables(
      request({
        url: '{{base}}/users/{{id}}',
        headers: [{ key: 'Authorization', value: 'Bearer {{token}}' }],
        body: { mode: 'urlencoded', fields: [{ key: '{{field}}', value: '{{loop}}' }] },
      }),
      variables,
    );
    expect([...used].sort()).toEqual(['base', 'field', 'host', 'id', 'loop', 'token', 'version']);
  });

  it('finds nothing in a request without references', () => {
    expect(referencedVariables(request({ body: { mode: 'text', text: '{ "a": "{b}" }' } })).size).toBe(0);
  });
});
