import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError, type StartedSignIn, type TokenStatus } from '@client/core';
import type { Dispatcher } from 'undici';
import { listenForRedirect } from './loopback-redirect.js';
import { readHttpUrl, requestToken, type TokenAnswer } from './oauth2-token-request.js';
import { EXPIRY_MARGIN_MS } from './oauth2-tokens.js';

/** An OAuth 2.0 authorization code grant, its `{{variables}}` resolved. */
export interface AuthorizationCodeGrant {
  authorizationUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** A grant's tokens in plaintext, as the engine uses them. */
export interface GrantTokens {
  accessToken: string;
  refreshToken: string | null;
  /** ISO time the access token expires; null when the server did not say. */
  expiresAt: string | null;
}

/**
 * Where grants' tokens are kept between sends, by project and a key derived from the grant. The app keeps them
 * encrypted; only `open` hands plaintext to the engine, when a send needs the token.
 */
export interface GrantTokenVault {
  /** What is known of the kept tokens without opening them. */
  status(projectId: string, grantKey: string): TokenStatus;
  open(projectId: string, grantKey: string): Promise<GrantTokens | undefined>;
  keep(projectId: string, grantKey: string, tokens: GrantTokens): Promise<void>;
  forget(projectId: string, grantKey: string): boolean;
}

/** How the grants reach the token endpoint: a dispatcher made with the project's request settings. */
/**
 * Opens an authorization URL in the person's browser. Resolves to what to call once that sign-in has ended (to
 * remove what opening it left behind), or to undefined when nothing needs removing.
 */
export type OpenBrowser = (url: string) => Promise<(() => void) | undefined>;

export interface TokenTransport {
  dispatcher: Dispatcher;
  signal: AbortSignal;
}

/** How long the loopback listener waits for the person to finish signing in. */
const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

function base64Url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/** Tokens of different authorization servers, clients or scopes are kept apart; the secret is not part of it. */
function grantKey(grant: AuthorizationCodeGrant): string {
  const identity = JSON.stringify([grant.authorizationUrl, grant.tokenUrl, grant.clientId, grant.scope.trim()]);
  return createHash('sha256').update(identity).digest('hex');
}

/**
 * OAuth 2.0 authorization code grants with PKCE (RFC 7636) for native apps (RFC 8252): the person signs in through
 * the system browser, which the authorization server sends back to a one-use listener on 127.0.0.1. The tokens
 * go to the vault (which keeps them encrypted), are never logged or put in History, and the access token is
 * refreshed with the refresh token shortly before it expires.
 */
export class AuthorizationCodeGrants {
  private readonly flows = new Map<string, Promise<TokenStatus>>();
  /** The listeners of sign-ins still waiting for the browser, closed when the app stops. */
  private readonly listening = new Set<{ close(): void }>();
  /** One refresh at a time per grant: concurrent sends wait for the same new token. */
  private readonly refreshing = new Map<string, Promise<string>>();

  constructor(
    private readonly vault: GrantTokenVault,
    private readonly openBrowser: OpenBrowser,
  ) {}

  /** Starts a sign-in: opens the authorization URL in the browser; `wait` tells how it ended. */
  async start(
    projectId: string,
    grant: AuthorizationCodeGrant,
    transport: () => Promise<TokenTransport>,
  ): Promise<StartedSignIn> {
    const authorizationUrl = readHttpUrl(grant.authorizationUrl, 'authorization URL');
    const tokenUrl = readHttpUrl(grant.tokenUrl);
    if (grant.clientId === '')
      throw new AppError('VALIDATION', 'the client ID is empty; give the one the server issued');
    const verifier = base64Url(randomBytes(32));
    const state = base64Url(randomBytes(16));
    const redirect = await listenForRedirect(state, SIGN_IN_TIMEOUT_MS);
    this.listening.add(redirect);
    redirect.code.then(
      () => this.listening.delete(redirect),
      () => this.listening.delete(redirect),
    );
    const params = authorizationUrl.searchParams;
    params.set('response_type', 'code');
    params.set('client_id', grant.clientId);
    params.set('redirect_uri', redirect.redirectUri);
    if (grant.scope.trim() !== '') params.set('scope', grant.scope.trim());
    params.set('state', state);
    params.set('code_challenge', base64Url(createHash('sha256').update(verifier).digest()));
    params.set('code_challenge_method', 'S256');

    const flowId = randomUUID();
    const finished = redirect.code.then(async (code) => {
      const { dispatcher, signal } = await transport();
      const answer = await requestToken(
        tokenUrl,
        grant,
        { grant_type: 'authorization_code', code, redirect_uri: redirect.redirectUri, code_verifier: verifier },
        { dispatcher, signal, remedy: 'check the token URL, the client ID and secret, and sign in again' },
      );
      await this.keep(projectId, grant, answer, null);
      return this.status(projectId, grant);
    });
    finished.catch(() => undefined);
    this.flows.set(flowId, finished);
    // Forgotten if nobody asks how it ended.
    setTimeout(() => this.flows.delete(flowId), SIGN_IN_TIMEOUT_MS * 2).unref();
    let browserOpened = true;
    try {
      const opened = await this.openBrowser(authorizationUrl.href);
      if (opened !== undefined) redirect.code.then(opened, opened);
    } catch {
      browserOpened = false;
    }
    return { flowId, authorizationUrl: authorizationUrl.href, browserOpened };
  }

  /** Ends every sign-in still waiting for the browser (the app is stopping): each one's `wait` answers at once. */
  cancelAll(): void {
    for (const redirect of this.listening) redirect.close();
  }

  /** How a sign-in ended: the token status, or the AppError that says why there is no token. */
  async wait(flowId: string): Promise<TokenStatus> {
    const flow = this.flows.get(flowId);
    if (flow === undefined) {
      throw new AppError('NOT_FOUND', `no sign-in "${flowId}" is under way; choose Get token to start one`);
    }
    try {
      return await flow;
    } finally {
      this.flows.delete(flowId);
    }
  }

  status(projectId: string, grant: AuthorizationCodeGrant): TokenStatus {
    return this.vault.status(projectId, grantKey(grant));
  }

  /** Drops the grant's tokens: the next send asks the person to sign in again. */
  forget(projectId: string, grant: AuthorizationCodeGrant): boolean {
    return this.vault.forget(projectId, grantKey(grant));
  }

  /** The access token to send, refreshed first when it expires within the margin. */
  async accessToken(projectId: string, grant: AuthorizationCodeGrant, transport: TokenTransport): Promise<string> {
    const key = grantKey(grant);
    const kept = await this.vault.open(projectId, key);
    if (kept === undefined) {
      throw new AppError(
        'VALIDATION',
        'there is no OAuth 2.0 access token yet; choose Get token in the Auth tab to sign in',
      );
    }
    const expiresAt = kept.expiresAt === null ? null : Date.parse(kept.expiresAt);
    if (expiresAt === null || expiresAt - EXPIRY_MARGIN_MS > Date.now()) return kept.accessToken;
    if (kept.refreshToken === null) {
      throw new AppError(
        'VALIDATION',
        'the OAuth 2.0 access token has expired and the server gave no refresh token; choose Get token to sign in again',
      );
    }
    const running = this.refreshing.get(key);
    if (running !== undefined) return running;
    const { refreshToken } = kept;
    const refreshed = (async () => {
      const answer = await requestToken(
        readHttpUrl(grant.tokenUrl),
        grant,
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        { ...transport, remedy: 'the refresh token was refused; choose Get token to sign in again' },
      );
      // A server that does not rotate refresh tokens leaves the one it gave before in use.
      await this.keep(projectId, grant, answer, refreshToken);
      return answer.accessToken;
    })();
    this.refreshing.set(key, refreshed);
    try {
      return await refreshed;
    } finally {
      this.refreshing.delete(key);
    }
  }

  private async keep(
    projectId: string,
    grant: AuthorizationCodeGrant,
    answer: TokenAnswer,
    previousRefresh: string | null,
  ): Promise<void> {
    await this.vault.keep(projectId, grantKey(grant), {
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken ?? previousRefresh,
      expiresAt: answer.lifetimeMs === null ? null : new Date(Date.now() + answer.lifetimeMs).toISOString(),
    });
  }
}
