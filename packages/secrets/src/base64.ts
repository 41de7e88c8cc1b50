const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes padded, canonical base64 and nothing else. `Buffer.from(text, 'base64')` alone skips characters it
 * does not know and ignores stray padding bits, so an altered value could decode to the same bytes unnoticed.
 */
export function decodeBase64(text: string): Buffer | null {
  if (!CANONICAL_BASE64.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
}
