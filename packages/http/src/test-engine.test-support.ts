import type { TokenStatus } from '@client/core';
import { type GrantTokenVault, HttpEngine } from './index.js';

/** A vault that holds no OAuth 2.0 token: sends that need none. */
const NO_TOKENS: GrantTokenVault = {
  status: (): TokenStatus => ({ hasToken: false, expiresAt: null, refreshable: false, obtainedAt: null }),
  open: async () => undefined,
  keep: async () => undefined,
  forget: () => false,
};

/** An engine with no tokens and cookie jars that keep nothing, for tests that only send. */
export function testEngine(): HttpEngine {
  return new HttpEngine({
    userAgent: 'Client/test',
    tokens: NO_TOKENS,
    cookies: { get: () => undefined, set: () => undefined },
  });
}
