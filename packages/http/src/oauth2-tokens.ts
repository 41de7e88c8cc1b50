import { createHash } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { readHttpUrl, requestToken } from './oauth2-token-request.js';

/** An OAuth 2.0 client-credentials grant, its `{{variables}}` resolved. */
export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** A token is fetched again this long before it would expire, so none is sent as it runs out. */
export const EXPIRY_MARGIN_MS = 30_000;
/** A token endpoint that gives no `expires_in` gets its token kept this long. */
const DEFAULT_LIFETIME_MS = 3_600_000;

/**
 * Access tokens for client-credentials grants, fetched on first use and kept in memory only (never written to
 * disk) until shortly before they expire.
 */
export class OAuth2Tokens {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  async token(grant: ClientCredentials, dispatcher: Dispatcher, signal: AbortSignal): Promise<string> {
    // The secret is part of the key as a digest: another secret must not be answered with this one's token.
    const key = [
      grant.tokenUrl,
      grant.clientId,
      grant.scope,
      createHash('sha256').update(grant.clientSecret).digest('hex'),
    ].join('\n');
    const kept = this.tokens.get(key);
    if (kept !== undefined && kept.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return kept.token;
    const fields: Record<string, string> = { grant_type: 'client_credentials' };
    if (grant.scope.trim() !== '') fields.scope = grant.scope.trim();
    const answer = await requestToken(readHttpUrl(grant.tokenUrl), grant, fields, {
      dispatcher,
      signal,
      remedy: 'check the client ID, secret and scope',
    });
    const fetched = { token: answer.accessToken, expiresAt: Date.now() + (answer.lifetimeMs ?? DEFAULT_LIFETIME_MS) };
    this.tokens.set(key, fetched);
    return fetched.token;
  }
}
