import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '@client/core';
import { DATA_KEY_BYTES } from './data-key.js';
import {
  ENCRYPTED_VALUE_PREFIX,
  formatEncryptedValue,
  IV_BYTES,
  parseEncryptedValue,
  TAG_BYTES,
} from './encrypted-value.js';

const ALGORITHM = 'aes-256-gcm';
/** Authenticating the format prefix ties each ciphertext to the version that wrote it. */
const ASSOCIATED_DATA = Buffer.from(ENCRYPTED_VALUE_PREFIX, 'utf8');
/** A surrogate without its partner has no UTF-8 form; encoding would silently turn it into U+FFFD. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface SecretCipher {
  encrypt(plaintext: string): string;
  decrypt(value: string): string;
}

/** AES-256-GCM with a fresh random IV per value. The key stays in this closure and is never exposed. */
export function createSecretCipher(key: Buffer): SecretCipher {
  if (key.length !== DATA_KEY_BYTES) throw new AppError('INTERNAL', `The data key must be ${DATA_KEY_BYTES} bytes.`);
  const dataKey = Buffer.from(key);
  return {
    encrypt(plaintext: string): string {
      if (typeof plaintext !== 'string') {
        throw new AppError('VALIDATION', 'A secret value must be a string.');
      }
      if (UNPAIRED_SURROGATE.test(plaintext)) {
        throw new AppError(
          'VALIDATION',
          'The secret value contains an unpaired UTF-16 surrogate, which has no UTF-8 form; remove it and save again.',
        );
      }
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, dataKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(ASSOCIATED_DATA);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return formatEncryptedValue({ iv, tag: cipher.getAuthTag(), ciphertext });
    },
    decrypt(value: string): string {
      const { iv, tag, ciphertext } = parseEncryptedValue(value);
      try {
        const decipher = createDecipheriv(ALGORITHM, dataKey, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(ASSOCIATED_DATA);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch (error) {
        throw new AppError(
          'VALIDATION',
          'The secret value cannot be decrypted: it was altered, or it was encrypted with a different data key. Enter the value again.',
          { cause: error },
        );
      }
    },
  };
}
