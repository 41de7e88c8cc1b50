/**
 * What counts as a credential wherever the app shows an endpoint to an agent (the control plane's
 * `GET /agent/endpoints`, client-mcp's `list_endpoints`) and in what it keeps of a request it sent. Two rules,
 * documented in README's security section:
 * 1. a name (header, query key, form field, JSON property, XML element) that is in `SECRET_NAMES` or
 *    contains one of `SECRET_NAME_WORDS`, case-insensitively;
 * 2. a value that looks like a credential whatever its name: a JWT, a key with a known provider prefix, or a
 *    long high-entropy string.
 */

/** Names that are secret when they are the whole name (as words they are too common: "key", "auth"). */
export const SECRET_NAMES: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'key',
  'sig',
  'signature',
  'auth',
  'x-auth',
  'pwd',
  'pass',
  'pin',
  'x-pin',
  'otp',
  'x-otp',
  'authentication',
  // An OAuth authorization code in a redirect's query, exchanged for a token.
  'code',
];

/** Names that contain one of these words are secret: `X-Auth-Key`, `client_secret`, `Ocp-Apim-Subscription-Key`. */
export const SECRET_NAME_WORDS: readonly string[] = [
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'api-sig',
  'api_sig',
  'csrf',
  'xsrf',
  'api-key',
  'api_key',
  'apikey',
  'auth-key',
  'auth_key',
  'access-key',
  'access_key',
  'accesskey',
  'subscription-key',
  'private-key',
  'private_key',
  'session',
  'credential',
  'signature',
];

/** Prefixes that providers put on their secret keys (Stripe, GitHub, GitLab, Slack, AWS, Google, OpenAI). */
export const SECRET_VALUE_PREFIXES: readonly string[] = [
  'sk_live_',
  'sk_test_',
  'rk_live_',
  'ghp_',
  'gho_',
  'ghs_',
  'github_pat_',
  'glpat-',
  'xoxb-',
  'xoxp-',
  'AKIA',
  'AIza',
  'sk-',
];

const EXACT = new Set(SECRET_NAMES);
const WORDS = new RegExp(SECRET_NAME_WORDS.map((word) => word.replace(/[-_]/g, '[-_]?')).join('|'), 'i');

export function isSecretName(name: string): boolean {
  return EXACT.has(name.toLowerCase()) || WORDS.test(name);
}

/** How many more characters a known prefix needs before the value counts as a key, not a word. */
const MIN_AFTER_PREFIX = 12;
/** Shorter strings are too often ids, hashes of nothing secret, or words. */
const MIN_HIGH_ENTROPY_LENGTH = 32;
/** Bits per character: base64 of random bytes is near 6, hex near 4, English text near 4 but with spaces. */
const MIN_ENTROPY_BITS = 3.5;
const JWT = /^eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN_CHARACTERS = /^[A-Za-z0-9+/=_.~-]+$/;

function entropyBitsPerCharacter(value: string): number {
  const counts = new Map<string, number>();
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / value.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/** True for a value that looks like a credential whatever it is called. */
export function looksLikeSecretValue(value: string): boolean {
  const trimmed = value.trim();
  if (JWT.test(trimmed)) return true;
  if (!TOKEN_CHARACTERS.test(trimmed)) return false;
  if (
    SECRET_VALUE_PREFIXES.some(
      (prefix) => trimmed.startsWith(prefix) && trimmed.length >= prefix.length + MIN_AFTER_PREFIX,
    )
  ) {
    return true;
  }
  return (
    trimmed.length >= MIN_HIGH_ENTROPY_LENGTH &&
    !UUID.test(trimmed) &&
    /[0-9]/.test(trimmed) &&
    /[A-Za-z]/.test(trimmed) &&
    entropyBitsPerCharacter(trimmed) >= MIN_ENTROPY_BITS
  );
}

/** Runs of token characters inside free text, each checked with `looksLikeSecretValue`. */
export const TOKEN_RUN = /[A-Za-z0-9+/=_.~-]{16,}/g;
