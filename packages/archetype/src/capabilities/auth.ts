import type { Capability } from './capability.js';

export const auth: Capability = {
  name: 'auth',
  summary: 'JWT bearer tokens checked against a key or an OIDC issuer, scopes and roles per route',
  module: 'start',
  // jose checks the tokens and fetches and caches the issuer's keys (JWKS).
  dependencies: { start: ['jose'] },
  registration: { file: 'auth/auth-capability', exportName: 'authCapability' },
  testProfile: { file: 'auth/auth-test-profile.test-support', exportName: 'authTestProfile' },
};
