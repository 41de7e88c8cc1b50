import { AppError, type ConcreteAuth, type RequestSettings, type StartedSignIn, type TokenStatus } from '@client/core';
import type { Dispatcher } from 'undici';
import { addHeaders } from './added-headers.js';
import { signAwsSigV4 } from './aws-sigv4.js';
import type { DispatcherPool } from './dispatcher.js';
import { namedAsWritten } from './named-as-written.js';
import { describeNetworkFailure } from './network-failure.js';
import {
  type AuthorizationCodeGrant,
  AuthorizationCodeGrants,
  type GrantTokenVault,
  type OpenBrowser,
} from './oauth2-code-grants.js';
import { OAuth2Tokens } from './oauth2-tokens.js';
import type { OutgoingRequest } from './outgoing-request.js';
import type { VariableScope } from './variable-scope.js';

/** The header of a fetched token, masked in history like any Authorization; the token is scrubbed too. */
function withBearer(outgoing: OutgoingRequest, token: string): void {
  addHeaders(outgoing, [{ key: 'Authorization', value: `Bearer ${token}` }]);
  outgoing.derivedSecrets.push(token);
}

type CodeGrantAuth = Extract<ConcreteAuth, { grant: 'authorizationCode' }>;

/** The auth of a sign-in: it must be the authorization code grant. */
function codeGrantAuth(auth: ConcreteAuth): CodeGrantAuth {
  if (auth.type !== 'oauth2' || auth.grant !== 'authorizationCode') {
    throw new AppError('VALIDATION', 'this request does not use the OAuth 2.0 authorization code grant');
  }
  return auth;
}

/** An authorization code auth with its variables resolved, as the grant is known by. */
function codeGrant(auth: CodeGrantAuth, scope: VariableScope): AuthorizationCodeGrant {
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
    vault: GrantTokenVault,
    /** The sender's dispatchers, which token requests go through as the project's requests do. */
    private readonly dispatchers: DispatcherPool,
    openBrowser: OpenBrowser,
  ) {
    this.signIns = new AuthorizationCodeGrants(vault, openBrowser);
  }

  /** Ends every sign-in still waiting for the browser. */
  cancelAll(): void {
    this.signIns.cancelAll();
  }

  /**
   * Starts an OAuth 2.0 sign-in of `auth` (the editor's, or the one it inherits) in the person's browser;
   * `finishSignIn` waits for its end. The token request goes out as the project's requests do: with `settings`.
   */
  startSignIn(
    projectId: string,
    auth: ConcreteAuth,
    scope: VariableScope,
    settings: RequestSettings,
  ): Promise<StartedSignIn> {
    return this.signIns.start(projectId, codeGrant(codeGrantAuth(auth), scope), async () => {
      const dispatcher = await this.dispatchers.for(settings, (text) => scope.resolve(text, false));
      return { dispatcher, signal: AbortSignal.timeout(settings.timeoutMs) };
    });
  }

  finishSignIn(flowId: string): Promise<TokenStatus> {
    return this.signIns.wait(flowId);
  }

  signInStatus(projectId: string, auth: ConcreteAuth, scope: VariableScope): TokenStatus {
    return this.signIns.status(projectId, codeGrant(codeGrantAuth(auth), scope));
  }

  forgetSignIn(projectId: string, auth: ConcreteAuth, scope: VariableScope): TokenStatus {
    const grant = codeGrant(codeGrantAuth(auth), scope);
    this.signIns.forget(projectId, grant);
    return this.signIns.status(projectId, grant);
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
      const named = namedAsWritten(auth.tokenUrl, scope.resolve(auth.tokenUrl, true).trim());
      throw new AppError('VALIDATION', `could not get an access token from ${named}: ${describeNetworkFailure(error)}`);
    }
    withBearer(outgoing, token);
  }
}
