import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSecretName, looksLikeSecretValue } from './secret-rules.js';

describe('isSecretName', () => {
  it.each([
    'Authorization',
    'Proxy-Authorization',
    'Cookie',
    'X-Auth-Key',
    'X-Auth',
    'X-Auth-Token',
    'Ocp-Apim-Subscription-Key',
    'X-Access-Key',
    'X-API-Key',
    'apikey',
    'key',
    'access_key',
    'sig',
    'signature',
    'X-Amz-Signature',
    'token',
    'client_secret',
    'password',
    'passwd',
    'pwd',
    'sessionId',
    'private_key',
    'X-Passphrase',
    'passphrase',
    'X-Pin',
    'pin',
    'X-OTP',
    'otp',
    'X-Api-Sig',
    'X-CSRF',
    'X-XSRF-Header',
    'Authentication',
    'code',
  ])('%s is secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'Content-Type',
    'Accept',
    'page',
    'limit',
    'author',
    'keyword',
    'signal',
    'monkey',
    'name',
    'q',
    'pinned',
    'zipcode',
    'X-Opt',
  ])('%s is not', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe('looksLikeSecretValue', () => {
  it.each([
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
    ['a Stripe live key', 'sk_live_51H8abcDEF123ghiJKL'],
    ['a GitHub token', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
    ['an AWS access key id', 'AKIAIOSFODNN7EXAMPLE'],
    ['40 random base64 characters', 'q8Zr2VbX0f9LmK3nT7wY1sD4hJ6gP5cA2eR8uI0o'],
  ])('%s is', (_what, value) => {
    expect(looksLikeSecretValue(value)).toBe(true);
  });

  it.each([
    ['a UUID', '3f1c2a4e-5b6d-4c7e-8f90-a1b2c3d4e5f6'],
    ['a word', 'application/json'],
    ['a sentence', 'the quick brown fox jumps over the lazy dog 12 times'],
    ['a short id', 'abc123'],
    ['a long run of one letter', 'a'.repeat(64)],
    ['a path', '/v1/users/42/orders'],
    ['a variable', '{{token}}'],
  ])('%s is not', (_what, value) => {
    expect(looksLikeSecretValue(value)).toBe(false);
  });

  it('holds for any random 24 bytes written in base64url', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 48 }), (bytes) => {
        const value = Buffer.from(bytes).toString('base64url');
        fc.pre(/[0-9]/.test(value) && /[A-Za-z]/.test(value) && value.length >= 32);
        fc.pre(new Set(value).size >= 16);
        expect(looksLikeSecretValue(value)).toBe(true);
      }),
    );
  });

  it('never holds for short values', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 15 }), (value) => {
        expect(looksLikeSecretValue(value)).toBe(false);
      }),
    );
  });
});
