import { createHash, randomBytes } from 'node:crypto';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  qop: string | null;
  opaque: string | null;
  algorithm: string;
}

const PARAMETER = /([a-z]+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/gi;

/** Reads a `WWW-Authenticate: Digest …` challenge; null when the header offers no Digest scheme. */
export function parseDigestChallenge(header: string | null): DigestChallenge | null {
  if (header === null) return null;
  const start = header.search(/digest\s/i);
  if (start === -1) return null;
  const values = new Map<string, string>();
  for (const match of header.slice(start + 6).matchAll(PARAMETER)) {
    values.set((match[1] ?? '').toLowerCase(), (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1'));
  }
  const realm = values.get('realm');
  const nonce = values.get('nonce');
  if (realm === undefined || nonce === undefined) return null;
  return {
    realm,
    nonce,
    qop: values.get('qop') ?? null,
    opaque: values.get('opaque') ?? null,
    algorithm: values.get('algorithm') ?? 'MD5',
  };
}

export interface DigestCredentials {
  username: string;
  password: string;
  method: string;
  /** Path and query of the request, as sent. */
  uri: string;
}

/**
 * The `Authorization` header answering a Digest challenge (RFC 7616, qop=auth or none, MD5 or SHA-256).
 * `cnonce` is random unless given, so the known-answer vectors of the RFC can be checked.
 */
export function digestAuthorization(
  challenge: DigestChallenge,
  credentials: DigestCredentials,
  cnonce: string = randomBytes(8).toString('hex'),
): string {
  const algorithm = challenge.algorithm.toUpperCase().startsWith('SHA-256') ? 'sha256' : 'md5';
  const hash = (text: string) => createHash(algorithm).update(text, 'utf8').digest('hex');
  const ha1 = hash(`${credentials.username}:${challenge.realm}:${credentials.password}`);
  const ha2 = hash(`${credentials.method}:${credentials.uri}`);
  const useQop = challenge.qop?.split(',').some((qop) => qop.trim() === 'auth') === true;
  const nc = '00000001';
  const response = useQop
    ? hash(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`)
    : hash(`${ha1}:${challenge.nonce}:${ha2}`);
  const parts = [
    `username="${credentials.username}"`,
    `realm="${challenge.realm}"`,
    `nonce="${challenge.nonce}"`,
    `uri="${credentials.uri}"`,
    `algorithm=${challenge.algorithm}`,
    `response="${response}"`,
  ];
  if (useQop) parts.push('qop=auth', `nc=${nc}`, `cnonce="${cnonce}"`);
  if (challenge.opaque !== null) parts.push(`opaque="${challenge.opaque}"`);
  return `Digest ${parts.join(', ')}`;
}
