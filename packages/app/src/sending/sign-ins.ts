import { AppError, effectiveSettings, type SignInInput, type StartedSignIn, type TokenStatus } from '@client/core';
import type { HttpEngine } from '@client/http';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import { effectiveAuth } from './effective-auth.js';
import { loadVariableScope } from './load-variable-scope.js';

/**
 * OAuth 2.0 sign-ins of the window's requests: the auth of the request being edited (its own, or what it
 * inherits) with the project's variables resolved, through the engine's authorization code grants.
 */
export class SignIns {
  constructor(
    private readonly store: Store,
    private readonly secrets: () => Promise<SecretBox>,
    private readonly engine: HttpEngine,
    /** The timeout of a token request made outside a send, unless the project's settings set one. */
    private readonly timeoutMs: number,
  ) {}

  private async grantOf(input: SignInInput) {
    if (this.store.projects.get(input.projectId) === undefined) {
      throw new AppError('NOT_FOUND', `no project "${input.projectId}"; it may have been deleted`);
    }
    const auth = effectiveAuth(this.store, input.projectId, input.folderId, input.auth);
    const scope = await loadVariableScope(this.store, this.secrets, input.projectId, input.environmentId);
    return { auth, scope };
  }

  /** Starts a sign-in in the person's browser; `finish` waits for its end. */
  async start(input: SignInInput): Promise<StartedSignIn> {
    const { auth, scope } = await this.grantOf(input);
    // The token request goes out as the project's requests do: its TLS, CA, proxy and timeout settings.
    const settings = effectiveSettings(
      { timeoutMs: this.timeoutMs, ...this.store.projects.requestSettings(input.projectId) },
      undefined,
    );
    return this.engine.auth.startSignIn(input.projectId, auth, scope, settings);
  }

  finish(flowId: string): Promise<TokenStatus> {
    return this.engine.auth.finishSignIn(flowId);
  }

  async status(input: SignInInput): Promise<TokenStatus> {
    const { auth, scope } = await this.grantOf(input);
    return this.engine.auth.signInStatus(input.projectId, auth, scope);
  }

  async forget(input: SignInInput): Promise<TokenStatus> {
    const { auth, scope } = await this.grantOf(input);
    return this.engine.auth.forgetSignIn(input.projectId, auth, scope);
  }
}
