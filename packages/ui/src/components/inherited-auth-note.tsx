import type { AuthSource, EndpointAuth } from '@client/core';
import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { AuthPlace } from './auth-place.js';
import { OAuth2SignIn } from './oauth2-sign-in.js';

/** How an auth reads in a sentence. */
function authLabel(auth: EndpointAuth): string {
  switch (auth.type) {
    case 'none':
      return 'no auth';
    case 'inherit':
      return 'the auth of its parent';
    case 'basic':
      return 'Basic auth';
    case 'digest':
      return 'Digest auth';
    case 'bearer':
      return 'a bearer token';
    case 'apiKey':
      return `an API key (${auth.key} in the ${auth.in === 'query' ? 'query' : 'headers'})`;
    case 'oauth2':
      return auth.grant === 'authorizationCode' ? 'OAuth 2.0 (authorization code)' : 'OAuth 2.0 (client credentials)';
    case 'awsSigV4':
      return `AWS Signature v4 (${auth.service}, ${auth.region})`;
  }
}

/** Says which auth a request that inherits is sent with and who sets it; a sign-in when that needs one. */
export function InheritedAuthNote({ place, level }: { place: AuthPlace; level: 'request' | 'folder' }) {
  const [inherited, setInherited] = useState<{ auth: EndpointAuth; from: AuthSource } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api
      .inheritedAuth(place.projectId, place.folderId)
      .then((answer) => current && setInherited(answer))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : String(caught)));
    return () => {
      current = false;
    };
  }, [place.projectId, place.folderId]);
  if (error !== null) return <p className="form-error">{error}</p>;
  if (inherited === null) return <p className="muted">Looking up what it inherits…</p>;
  const { auth, from } = inherited;
  const source = from.kind === 'project' ? `the project ${from.name}` : `the folder ${from.name}`;
  return (
    <>
      <p className="inherited-auth" data-testid="inherited-auth">
        Sends <strong>{authLabel(auth)}</strong>, set by {source}. Change it there, or pick an auth here to override it{' '}
        {level === 'request' ? 'for this request' : 'for the requests in this folder'}.
      </p>
      {auth.type === 'oauth2' && auth.grant === 'authorizationCode' && (
        <OAuth2SignIn place={place} auth={{ type: 'inherit' }} />
      )}
    </>
  );
}
