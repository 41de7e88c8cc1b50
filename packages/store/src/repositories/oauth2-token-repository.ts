import { now } from '../ids.js';
import type { StoreContext } from '../store-context.js';

/** Tokens of one OAuth 2.0 grant, as the app encrypted them: the store keeps ciphertext only. */
export interface StoredOAuth2Tokens {
  accessToken: string;
  refreshToken: string | null;
  /** ISO time the access token expires; null when the server did not say. */
  expiresAt: string | null;
  obtainedAt: string;
}

interface TokenRow {
  access_token: string;
  refresh_token: string | null;
  expires_at: string | null;
  obtained_at: string;
}

/** The tokens a project's authorization code grants obtained, by a key the app derives from each grant. */
export class OAuth2TokenRepository {
  constructor(private readonly context: StoreContext) {}

  get(projectId: string, grantKey: string): StoredOAuth2Tokens | undefined {
    const row = this.context
      .statement<TokenRow>(
        'SELECT access_token, refresh_token, expires_at, obtained_at FROM oauth2_tokens WHERE project_id = ? AND grant_key = ?',
      )
      .get(projectId, grantKey);
    return row === undefined
      ? undefined
      : {
          accessToken: row.access_token,
          refreshToken: row.refresh_token,
          expiresAt: row.expires_at,
          obtainedAt: row.obtained_at,
        };
  }

  set(projectId: string, grantKey: string, tokens: Omit<StoredOAuth2Tokens, 'obtainedAt'>): void {
    this.context
      .statement(
        `INSERT INTO oauth2_tokens (project_id, grant_key, access_token, refresh_token, expires_at, obtained_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (project_id, grant_key) DO UPDATE SET access_token = excluded.access_token,
           refresh_token = excluded.refresh_token, expires_at = excluded.expires_at, obtained_at = excluded.obtained_at`,
      )
      .run(projectId, grantKey, tokens.accessToken, tokens.refreshToken, tokens.expiresAt, now());
  }

  delete(projectId: string, grantKey: string): boolean {
    return (
      this.context
        .statement('DELETE FROM oauth2_tokens WHERE project_id = ? AND grant_key = ?')
        .run(projectId, grantKey).changes > 0
    );
  }
}
