import {
  AppError,
  type ConcreteAuth,
  effectiveSettings,
  type SignInInput,
  type StartedSignIn,
  type TokenStatus,
} from '@client/core';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import type { Dispatcher } from 'undici';
import { addHeaders } from './added-headers.js';
import { signAwsSigV4 } from './aws-sigv4.js';
import type { DispatcherPool } from './dispatcher.js';
import { effectiveAuth } from './effective-auth.js';
import { describeNetworkFailure } from './network-failure.js';
import { type AuthorizationCodeGrant, AuthorizationCodeGrants } from './oauth2-code-grants.js';
import { OAuth2Tokens } from './oauth2-tokens.js';
import type { OutgoingRequest } from './outgoing-request.js';
import { VariableScope } from './variable-scope.js';

/** The header of a fetched token, masked in history like any Authorization; the token is scrubbed too. */
function withBearer(outgoing: OutgoingRequest, token: string): void {
  addHeaders(outgoing, [{ key: 'Authorization', value: `Bearer ${token}` }]);
  outgoing.derivedSecrets.push(token);
}

/** An authorization code auth with its variables resolved, as the grant is known by. */
function codeGrant(
  auth: Extract<ConcreteAuth, { grant: 'authorizationCode' }>,
  scope: VariableScope,
): AuthorizationCodeGrant {
  const resolve = (text: string) => scope.resolve(text, false).trim();
  return {
    authorizationUrl: resolve(auth.authorizationUrl),
    tokenUrl: resolve(auth.tokenUrl),
    clientId: resolve(auth.clientId),
    clientSecret: resolve(auth.clientSecret),
    scope: resolve(auth.scope),
  };
}

/**
 * The auths written when a request goes out rather than when it is built: OAuth 2.0 access tokens (client
 * credentials kept in memory; authorization code sign-ins through the person's browser, their tokens kept
 * encrypted) and AWS Signature v4.
 */
export class SendAuth {
  /** OAuth 2.0 client-credentials access tokens, kept in memory until shortly before they expire. */
  private readonly clientCredentials = new OAuth2Tokens();
  /** OAuth 2.0 authorization code grants: their sign-ins and their tokens, kept encrypted. */
  private readonly signIns: AuthorizationCodeGrants;

  constructor(
    private readonly store: Store,
    private readonly secrets: () => Promise<SecretBox>,
    /** The timeout of a token request made outside a send, unless the project's settings set one. */
    private readonly timeoutMs: number,
    /** The sender's dispatchers, which token requests go through as the project's requests do. */
    private readonly dispatchers: DispatcherPool,
    openBrowser: (url: string) => Promise<void>,
  ) {
    this.signIns = new AuthorizationCodeGrants(store, secrets, openBrowser);
  }

  /** Ends every sign-in still waiting for the browser. */
  cancelAll(): void {
    this.signIns.cancelAll();
  }

  /** The grant of an authorization code auth, the editor's or the one it inherits, its variables resolved. */
  private async signInGrant(input: SignInInput) {
    if (this.store.projects.get(input.projectId) === undefined) {
      throw new AppError('NOT_FOUND', `no project "${input.projectId}"; it may have been deleted`);
    }
    const auth = effectiveAuth(this.store, input.projectId, input.folderId, input.auth);
    if (auth.type !== 'oauth2' || auth.grant !== 'authorizationCode') {
      throw new AppError('VALIDATION', 'this request does not use the OAuth 2.0 authorization code grant');
    }
    const scope = await VariableScope.load(this.store, this.secrets, input.projectId, input.environmentId);
    return { grant: codeGrant(auth, scope), scope };
  }

  /** Starts an OAuth 2.0 sign-in in the person's browser; `finishSignIn` waits for its end. */
  async startSignIn(input: SignInInput): Promise<StartedSignIn> {
    const { grant, scope } = await this.signInGrant(input);
    // The token request goes out as the project's requests do: its TLS, CA, proxy and timeout settings.
    const settings = effectiveSettings(
      { timeoutMs: this.timeoutMs, ...this.store.projects.requestSettings(input.projectId) },
      undefined,
    );
    return this.signIns.start(input.projectId, grant, async () => {
      const dispatcher = await this.dispatchers.for(settings, (text) => scope.resolve(text, false));
      return { dispatcher, signal: AbortSignal.timeout(settings.timeoutMs) };
    });
  }

  finishSignIn(flowId: string): Promise<TokenStatus> {
    return this.signIns.wait(flowId);
  }

  async signInStatus(input: SignInInput): Promise<TokenStatus> {
    const { grant } = await this.signInGrant(input);
    return this.signIns.status(input.projectId, grant);
  }

  async forgetSignIn(input: SignInInput): Promise<TokenStatus> {
    const { grant } = await this.signInGrant(input);
    this.signIns.forget(input.projectId, grant);
    return this.signIns.status(input.projectId, grant);
  }

  /**
   * Writes what an auth adds once the request is built: an OAuth 2.0 access token (fetched, reused or refreshed)
   * as the bearer, or an AWS Signature v4 over the request as it goes out. Throws VALIDATION with what to fix.
   */
  async apply(
    outgoing: OutgoingRequest,
    auth: ConcreteAuth,
    projectId: string,
    scope: VariableScope,
    transport: { dispatcher: Dispatcher; timeoutMs: number },
  ): Promise<void> {
    const resolve = (text: string) => scope.resolve(text, false);
    if (auth.type === 'awsSigV4') {
      const credentials = {
        accessKeyId: resolve(auth.accessKeyId).trim(),
        secretAccessKey: resolve(auth.secretAccessKey).trim(),
        sessionToken: resolve(auth.sessionToken).trim(),
        region: resolve(auth.region).trim(),
        service: resolve(auth.service).trim(),
      };
      const { accessKeyId, secretAccessKey, region, service } = credentials;
      if (accessKeyId === '' || secretAccessKey === '' || region === '' || service === '') {
        throw new AppError(
          'VALIDATION',
          'AWS Signature v4 needs an access key ID, a secret access key, a region and a service',
        );
      }
      signAwsSigV4(outgoing, credentials);
      return;
    }
    if (auth.type !== 'oauth2') return;
    const tokenUrl = resolve(auth.tokenUrl);
    const signal = AbortSignal.timeout(transport.timeoutMs);
    const { dispatcher } = transport;
    let token: string;
    try {
      token =
        auth.grant === 'authorizationCode'
          ? await this.signIns.accessToken(projectId, codeGrant(auth, scope), { dispatcher, signal })
          : await this.clientCredentials.token(
              {
                tokenUrl,
                clientId: resolve(auth.clientId),
                clientSecret: resolve(auth.clientSecret),
                scope: resolve(auth.scope),
              },
              dispatcher,
              signal,
            );
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(
        'VALIDATION',
        `could not get an access token from ${tokenUrl}: ${describeNetworkFailure(error)}`,
      );
    }
    withBearer(outgoing, token);
  }
}
