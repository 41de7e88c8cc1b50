import { describe, expect, it } from 'vitest';
import { planBaseUrl } from './base-url-plan.js';

describe('planBaseUrl', () => {
  it('writes the origin when base_url is missing or blank', () => {
    expect(planBaseUrl(undefined, 'https://api.example.com', '/items')).toEqual({
      action: 'write',
      value: 'https://api.example.com',
    });
    expect(planBaseUrl('  ', 'https://api.example.com', '/items').action).toBe('write');
  });

  it('does nothing when base_url is the same origin, however it is typed', () => {
    expect(planBaseUrl('HTTPS://api.example.com:443/', 'https://api.example.com', '/items')).toEqual({
      action: 'none',
    });
  });

  it('never overwrites a different base_url and explains where the endpoint will go', () => {
    const plan = planBaseUrl('https://prod.example.com', 'http://localhost:3000', '/v1/items');
    expect(plan).toEqual({
      action: 'warn',
      warning:
        "the project's base_url is https://prod.example.com, so this endpoint will be sent to https://prod.example.com/v1/items; " +
        "the command's origin was http://localhost:3000 and base_url was not changed. " +
        'To reach http://localhost:3000, select an environment whose base_url is http://localhost:3000.',
    });
  });

  it('leaves base_url alone for a command written against {{base_url}}', () => {
    expect(planBaseUrl(undefined, '{{base_url}}', '/x')).toEqual({ action: 'none' });
  });
});
