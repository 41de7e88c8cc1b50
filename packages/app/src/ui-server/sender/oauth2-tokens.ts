import { createHash } from 'node:crypto';
import { AppError } from '@client/core';
import { type Dispatcher, request } from 'undici';

/** An OAuth 2.0 client-credentials grant, its `{{variables}}` resolved. */
export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** A token is fetched again this long before it would expire, so none is sent as it runs out. */
const EXPIRY_MARGIN_MS = 30_000;
/** A token endpoint that gives no `expires_in` gets its token kept this long. */
const DEFAULT_LIFETIME_MS = 3_600_000;

function formEncode(text: string): string {
  return encodeURIComponent(text).replaceAll('%20', '+');
}

function describeFailure(status: number, body: unknown): string {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const reason = [answer.error, answer.error_description].filter((part) => typeof part === 'string').join(': ');
  return `the token URL answered ${status}${reason === '' ? '' : ` (${reason})`}; check the client ID, secret and scope`;
}

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
    const fetched = await this.fetchToken(grant, dispatcher, signal);
    this.tokens.set(key, fetched);
    return fetched.token;
  }

  private async fetchToken(grant: ClientCredentials, dispatcher: Dispatcher, signal: AbortSignal) {
    let url: URL;
    try {
      url = new URL(grant.tokenUrl);
    } catch {
      throw new AppError('VALIDATION', `the token URL "${grant.tokenUrl}" is not a URL; give an https:// address`);
    }
    // RFC 6749 §2.3.1: the client's credentials go in a Basic header, each form-encoded first.
    const basic = Buffer.from(`${formEncode(grant.clientId)}:${formEncode(grant.clientSecret)}`).toString('base64');
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (grant.scope.trim() !== '') form.set('scope', grant.scope.trim());
    const answer = await request(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      dispatcher,
      signal,
    });
    const text = await answer.body.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: reported below by what is missing.
    }
    if (answer.statusCode < 200 || answer.statusCode >= 300) {
      throw new AppError('VALIDATION', describeFailure(answer.statusCode, body));
    }
    const { access_token: token, expires_in: expiresIn } = (body ?? {}) as Record<string, unknown>;
    if (typeof token !== 'string' || token === '') {
      throw new AppError('VALIDATION', 'the token URL answered without an access_token; is it the token endpoint?');
    }
    const lifetime = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn * 1000 : DEFAULT_LIFETIME_MS;
    return { token, expiresAt: Date.now() + lifetime };
  }
}
