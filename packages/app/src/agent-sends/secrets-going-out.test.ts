import { VariableScope } from '@client/http';
import { describe, expect, it } from 'vitest';
import { endpointDraft } from '../ui-server/ui-server.test-support.js';
import { secretsCarried } from './secrets-going-out.js';

const scope = VariableScope.layered(
  [{ key: 'host_name', value: 'shop.test' }],
  [
    { key: 'api_key', value: 'k-1', secret: true },
    { key: 'password', value: 'p-1', secret: true },
    { key: 'token', value: 'Bearer {{api_key}}', secret: false },
    { key: 'unused', value: 'u-1', secret: true },
  ],
);

describe('the secrets a request carries', () => {
  it('are named from every part that goes out, once each, also through a variable that names one', () => {
    const request = {
      ...endpointDraft({
        path: '/search',
        queryParams: [{ key: 'q', value: '{{api_key}}' }],
        headers: [{ key: 'Authorization', value: '{{token}}' }],
      }),
      auth: { type: 'basic' as const, username: 'ada', password: '{{password}}' },
    };
    expect(secretsCarried(scope, request).sort()).toEqual(['api_key', 'password']);
  });

  it('leave out what sends nothing: the name, description, scripts and assertion rows', () => {
    const request = {
      ...endpointDraft({
        name: '{{api_key}}',
        description: 'uses {{password}}',
        scripts: { from: 'postman', preRequest: '// {{unused}}', postResponse: '', tests: '' },
        tests: [{ source: 'header', property: 'x', operator: 'eq', value: '{{api_key}}' }],
      }),
      auth: { type: 'none' as const },
    };
    expect(secretsCarried(scope, request)).toEqual([]);
  });
});
