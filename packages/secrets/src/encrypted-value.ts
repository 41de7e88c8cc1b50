import { AppError } from '@client/core';
import { decodeBase64 } from './base64.js';

const SCHEME = 'enc';
const VERSION = 'v1';
/** Every encrypted value starts with this; the version names the algorithm (AES-256-GCM, 12-byte IV). */
export const ENCRYPTED_VALUE_PREFIX = `${SCHEME}:${VERSION}:`;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

/** The parts of `enc:v1:<base64 iv>:<base64 tag>:<base64 ciphertext>`. */
export interface SealedValue {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

export function formatEncryptedValue({ iv, tag, ciphertext }: SealedValue): string {
  return `${ENCRYPTED_VALUE_PREFIX}${iv.toString('base64')}:${tag.toString('base64')}:${ciphertext.toString('base64')}`;
}

function malformed(detail: string): AppError {
  return new AppError(
    'VALIDATION',
    `The encrypted value is malformed (${detail}); expected enc:v1:<iv>:<tag>:<ciphertext> in base64. Enter the secret value again.`,
  );
}

/** Splits an encrypted value into its parts, or throws `VALIDATION` saying what is wrong with its shape. */
export function parseEncryptedValue(value: unknown): SealedValue {
  if (typeof value !== 'string') throw malformed(`got ${value === null ? 'null' : typeof value}, not a string`);
  const fields = value.split(':');
  if (fields[0] !== SCHEME) {
    throw new AppError(
      'VALIDATION',
      'The value is not an encrypted secret (it does not start with enc:v1:); only values encrypted by the secret box can be decrypted.',
    );
  }
  if (fields[1] !== VERSION) {
    throw new AppError(
      'VALIDATION',
      'The encrypted value uses a format version this build cannot read (it reads enc:v1); open it with the build that saved it.',
    );
  }
  const [, , ivText, tagText, ciphertextText] = fields;
  if (fields.length !== 5 || ivText === undefined || tagText === undefined || ciphertextText === undefined) {
    throw malformed(`${fields.length} colon-separated fields instead of 5`);
  }
  const iv = decodeBase64(ivText);
  if (iv?.length !== IV_BYTES) throw malformed(`the IV is not ${IV_BYTES} bytes of base64`);
  const tag = decodeBase64(tagText);
  if (tag?.length !== TAG_BYTES) throw malformed(`the authentication tag is not ${TAG_BYTES} bytes of base64`);
  const ciphertext = decodeBase64(ciphertextText);
  if (ciphertext === null) throw malformed('the ciphertext is not base64');
  return { iv, tag, ciphertext };
}

/**
 * Whether a stored value has the shape of an encrypted secret (`enc:v1:…`). It says nothing about whether the
 * current key can decrypt it; no key is needed to ask.
 */
export function isEncryptedValue(value: unknown): boolean {
  try {
    parseEncryptedValue(value);
    return true;
  } catch {
    return false;
  }
}
