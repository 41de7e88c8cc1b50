import { randomBytes } from 'node:crypto';
import { decodeBase64 } from './base64.js';

/** AES-256 takes a 32-byte key. */
export const DATA_KEY_BYTES = 32;

export function generateDataKey(): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

/** The key as it is kept in the keychain and in the key file: base64 text. */
export function encodeDataKey(key: Buffer): string {
  return key.toString('base64');
}

/** The key from its stored text (surrounding whitespace allowed), or null when the text is not one. */
export function decodeDataKey(text: string): Buffer | null {
  const key = decodeBase64(text.trim());
  return key?.length === DATA_KEY_BYTES ? key : null;
}
