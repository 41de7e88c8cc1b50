import type { CapabilityTestProfile } from '../capability-test-profile.test-support.js';
import { readAuthConfig } from './auth-config.js';
import { signTestToken, TEST_ISSUER, testKey } from './test-tokens.test-support.js';

/**
 * What the tests' services need with auth: they trust the key the tests made (`testKey`), for tokens of
 * `TEST_ISSUER`, instead of the configured issuer's; and a client sends a token with every scope and role the
 * rules name, so the tests of every route get through. Tests of auth itself sign the tokens they need.
 */
export const authTestProfile: CapabilityTestProfile = {
  async overrides() {
    const { publicJwk } = await testKey();
    return { auth: { issuer: TEST_ISSUER, jwksUri: '', publicKey: JSON.stringify(publicJwk) } };
  },
  async clientHeaders(config) {
    const auth = readAuthConfig(config);
    const token = await signTestToken({
      audience: auth.audience,
      scopes: [...new Set(auth.rules.flatMap((rule) => rule.scopes))],
      roles: [...new Set(auth.rules.flatMap((rule) => rule.roles))],
      scopesClaim: auth.claims.scopes,
      rolesClaim: auth.claims.roles,
    });
    return { authorization: `Bearer ${token}` };
  },
};
