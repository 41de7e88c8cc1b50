import { describe, expect, it } from 'vitest';
import { deriveEndpointName } from './endpoint-name.js';

describe('deriveEndpointName', () => {
  it('takes the last non-empty path segment, decoded', () => {
    expect(deriveEndpointName('/v1/items/', 'https://api.example.com')).toBe('items');
    expect(deriveEndpointName('/v1/search%20results', 'https://api.example.com')).toBe('search results');
    expect(deriveEndpointName('/users/{{id}}', '{{base_url}}')).toBe('{{id}}');
  });

  it('keeps a malformed escape as typed', () => {
    expect(deriveEndpointName('/100%', 'https://api.example.com')).toBe('100%');
  });

  it('falls back to the host without port for a bare origin', () => {
    expect(deriveEndpointName('/', 'https://api.example.com')).toBe('api.example.com');
    expect(deriveEndpointName('/', 'http://localhost:3000')).toBe('localhost');
    expect(deriveEndpointName('//', 'http://[::1]:8080')).toBe('[::1]');
  });
});
