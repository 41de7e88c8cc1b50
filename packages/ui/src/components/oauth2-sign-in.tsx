import type { EndpointAuth, StartedSignIn, TokenStatus } from '@client/core';
import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { AuthPlace } from './auth-place.js';

interface SignInProps {
  place: AuthPlace;
  /** The auth to sign in for: the editor's own, or `inherit` for the grant a folder or the project sets. */
  auth: EndpointAuth;
}

function statusText(status: TokenStatus): string {
  if (!status.hasToken) return 'No token yet: sends ask you to sign in first.';
  const expires = status.expiresAt === null ? null : new Date(status.expiresAt);
  const when = expires === null ? 'does not say when it expires' : `expires ${expires.toLocaleString()}`;
  const renewal = status.refreshable
    ? 'it is refreshed before then'
    : 'there is no refresh token, so sign in again then';
  return `Signed in: the access token ${when}; ${renewal}. It is kept encrypted and never shown.`;
}

/**
 * Gets a token for an authorization code grant: the app opens the authorization URL in the person's browser and
 * waits for the answer on a loopback address; the address is shown too, for a browser that did not open.
 */
export function OAuth2SignIn({ place, auth }: SignInProps) {
  const [status, setStatus] = useState<TokenStatus | null>(null);
  const [started, setStarted] = useState<StartedSignIn | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = { ...place, auth };
  const key = JSON.stringify(input);

  useEffect(() => {
    let current = true;
    api
      .tokenStatus(JSON.parse(key))
      .then((answer) => current && setStatus(answer))
      .catch(() => current && setStatus(null));
    return () => {
      current = false;
    };
  }, [key]);

  const signIn = async () => {
    setError(null);
    try {
      const flow = await api.startSignIn(input);
      setStarted(flow);
      setStatus(await api.finishSignIn(flow.flowId));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setStarted(null);
    }
  };

  const forget = async () => {
    setError(null);
    try {
      setStatus(await api.forgetToken(input));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <section className="sign-in" aria-label="OAuth 2.0 token">
      <div className="sign-in-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={started !== null}
          onClick={() => void signIn()}
        >
          {started === null ? 'Get token' : 'Waiting for the browser…'}
        </button>
        {status?.hasToken === true && (
          <button type="button" className="button" onClick={() => void forget()}>
            Forget token
          </button>
        )}
      </div>
      {started !== null && (
        <p className="field-hint" role="status">
          Finish signing in in your browser.{' '}
          {started.browserOpened ? 'If it did not open, open ' : 'No browser could be opened: open '}
          <a href={started.authorizationUrl} target="_blank" rel="noreferrer">
            the sign-in page
          </a>{' '}
          yourself.
        </p>
      )}
      {status !== null && started === null && (
        <p className="field-hint" data-testid="token-status">
          {statusText(status)}
        </p>
      )}
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
