import type { GrantTokenVault } from '@client/http';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';

/**
 * Authorization code grants' tokens, encrypted with the secrets' key before the database keeps them; the engine
 * gets their plaintext only when a send needs the token.
 */
export function storeTokenVault(store: Store, secrets: () => Promise<SecretBox>): GrantTokenVault {
  const tokens = store.oauth2Tokens;
  return {
    status(projectId, grantKey) {
      const kept = tokens.get(projectId, grantKey);
      return {
        hasToken: kept !== undefined,
        expiresAt: kept?.expiresAt ?? null,
        refreshable: kept?.refreshToken != null,
        obtainedAt: kept?.obtainedAt ?? null,
      };
    },
    async open(projectId, grantKey) {
      const kept = tokens.get(projectId, grantKey);
      if (kept === undefined) return undefined;
      const box = await secrets();
      return {
        accessToken: box.decrypt(kept.accessToken),
        refreshToken: kept.refreshToken === null ? null : box.decrypt(kept.refreshToken),
        expiresAt: kept.expiresAt,
      };
    },
    async keep(projectId, grantKey, plain) {
      const box = await secrets();
      tokens.set(projectId, grantKey, {
        accessToken: box.encrypt(plain.accessToken),
        refreshToken: plain.refreshToken === null ? null : box.encrypt(plain.refreshToken),
        expiresAt: plain.expiresAt,
      });
    },
    forget: (projectId, grantKey) => tokens.delete(projectId, grantKey),
  };
}
