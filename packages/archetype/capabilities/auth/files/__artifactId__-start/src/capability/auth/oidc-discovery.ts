/** Why the issuer's keys could not be had: the service's problem (or the issuer's), not the token's. */
export class KeysUnavailableError extends Error {
  override readonly name = 'KeysUnavailableError';
}

/**
 * The `jwks_uri` of the issuer's OpenID Connect discovery document (`<issuer>/.well-known/openid-configuration`),
 * which must name the same issuer (OpenID Connect Discovery §4.3), so a document from elsewhere cannot hand over
 * its keys.
 */
export async function discoverJwksUri(issuer: string, timeoutMs: number): Promise<URL> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let document: { issuer?: unknown; jwks_uri?: unknown };
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) throw new Error(`it answered HTTP ${response.status}`);
    document = (await response.json()) as typeof document;
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error;
    throw new KeysUnavailableError(`the discovery document ${url} could not be read: ${String(cause)}`);
  }
  if (document.issuer !== issuer) {
    throw new KeysUnavailableError(
      `the discovery document ${url} names the issuer ${String(document.issuer)}, not ${issuer}`,
    );
  }
  if (typeof document.jwks_uri !== 'string' || !URL.canParse(document.jwks_uri)) {
    throw new KeysUnavailableError(`the discovery document ${url} names no jwks_uri`);
  }
  return new URL(document.jwks_uri);
}
