import { AppError } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDataKey } from './data-key.js';
import { isEncryptedValue } from './encrypted-value.js';
import { createSecretCipher } from './secret-cipher.js';

const cipher = createSecretCipher(generateDataKey());

const TAMPERED =
  'The secret value cannot be decrypted: it was altered, or it was encrypted with a different data key. Enter the value again.';

function fieldsOf(value: string): string[] {
  return value.split(':');
}

/** Flips one bit of one byte of a base64 field and re-encodes it, so only the bytes change, not the shape. */
function flipByte(field: string, index: number): string {
  const bytes = Buffer.from(field, 'base64');
  bytes[index % bytes.length] = (bytes[index % bytes.length] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

function decryptError(value: unknown): AppError {
  try {
    cipher.decrypt(value as string);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('decrypt did not throw');
}

describe('the secret cipher', () => {
  it.each([
    ['an empty string', ''],
    ['ASCII', 'Bearer eyJhbGciOiJIUzI1NiJ9.payload.signature'],
    ['accents and CJK', 'pässwörd 密码 パスワード'],
    ['emoji outside the basic plane', '🔑🗝️👩‍💻'],
    ['colons, newlines and NUL', 'a:b:c\r\n\0enc:v1:x'],
  ])('round-trips %s', (_label, plaintext) => {
    expect(cipher.decrypt(cipher.encrypt(plaintext))).toBe(plaintext);
  });

  it('round-trips a value of 1 MiB', () => {
    const plaintext = 'x'.repeat(1024 * 1024);
    expect(cipher.decrypt(cipher.encrypt(plaintext))).toBe(plaintext);
  });

  it('writes enc:v1:<12-byte iv>:<16-byte tag>:<ciphertext as long as the UTF-8 plaintext>', () => {
    const [scheme, version, iv, tag, ciphertext, ...rest] = fieldsOf(cipher.encrypt('héllo'));
    expect([scheme, version, rest]).toEqual(['enc', 'v1', []]);
    expect(Buffer.from(iv ?? '', 'base64')).toHaveLength(12);
    expect(Buffer.from(tag ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(ciphertext ?? '', 'base64')).toHaveLength(Buffer.byteLength('héllo'));
  });

  it('uses a fresh IV for every value, so equal plaintexts give different ciphertexts', () => {
    const values = new Set(Array.from({ length: 50 }, () => cipher.encrypt('same')));
    expect(values.size).toBe(50);
    expect(new Set([...values].map((value) => fieldsOf(value)[2])).size).toBe(50);
  });

  it.each([
    ['IV', 2],
    ['tag', 3],
    ['ciphertext', 4],
  ])('detects one flipped bit in the %s', (_part, field) => {
    const fields = fieldsOf(cipher.encrypt('secret value'));
    for (let index = 0; index < Buffer.from(fields[field] ?? '', 'base64').length; index++) {
      const tampered = [...fields];
      tampered[field] = flipByte(fields[field] ?? '', index);
      const error = decryptError(tampered.join(':'));
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toBe(TAMPERED);
    }
  });

  it('detects a ciphertext cut short or extended', () => {
    const fields = fieldsOf(cipher.encrypt('secret value'));
    const ciphertext = Buffer.from(fields[4] ?? '', 'base64');
    for (const changed of [ciphertext.subarray(1), Buffer.concat([ciphertext, Buffer.from([0])])]) {
      const error = decryptError([...fields.slice(0, 4), changed.toString('base64')].join(':'));
      expect([error.code, error.message]).toEqual(['VALIDATION', TAMPERED]);
    }
  });

  it('refuses a value encrypted with another key', () => {
    const foreign = createSecretCipher(generateDataKey()).encrypt('secret value');
    const error = decryptError(foreign);
    expect([error.code, error.message]).toEqual(['VALIDATION', TAMPERED]);
  });

  it.each([
    ['a plain value', 'hunter2', 'The value is not an encrypted secret'],
    ['the masked placeholder', '••••', 'The value is not an encrypted secret'],
    ['an empty string', '', 'The value is not an encrypted secret'],
    ['another format version', 'enc:v2:AAAA:AAAA:AAAA', 'format version this build cannot read'],
    ['too few fields', 'enc:v1:AAAAAAAAAAAAAAAA:AAAA', '4 colon-separated fields instead of 5'],
    [
      'too many fields',
      `enc:v1:${'A'.repeat(16)}:${'A'.repeat(24)}:AAAA:AAAA`,
      '6 colon-separated fields instead of 5',
    ],
    ['an IV that is not base64', `enc:v1:${'*'.repeat(16)}:${'A'.repeat(24)}:`, 'the IV is not 12 bytes of base64'],
    ['an IV of 9 bytes', `enc:v1:${'A'.repeat(12)}:${'A'.repeat(24)}:`, 'the IV is not 12 bytes of base64'],
    ['a tag of 12 bytes', `enc:v1:${'A'.repeat(16)}:${'A'.repeat(16)}:`, 'the authentication tag is not 16 bytes'],
    [
      'a ciphertext with whitespace',
      `enc:v1:${'A'.repeat(16)}:${'A'.repeat(22)}==:AA AA`,
      'the ciphertext is not base64',
    ],
    ['non-canonical padding bits', `enc:v1:${'A'.repeat(16)}:${'A'.repeat(22)}==:AB==`, 'the ciphertext is not base64'],
    [
      'base64 without padding',
      `enc:v1:${'A'.repeat(16)}:${'A'.repeat(22)}:AAAA`,
      'the authentication tag is not 16 bytes',
    ],
  ])('refuses %s with a VALIDATION error that says what is wrong', (_label, value, message) => {
    const error = decryptError(value);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toContain(message);
  });

  it.each([null, undefined, 42, {}, ['enc:v1']])('refuses the non-string %j', (value) => {
    const error = decryptError(value);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toMatch(/^The encrypted value is malformed \(got \w+, not a string\)/);
  });

  it('refuses to encrypt a string with an unpaired surrogate instead of altering it', () => {
    for (const plaintext of ['\uD800', 'a\uDC00b', '\uDBFF\uDBFF']) {
      expect(() => cipher.encrypt(plaintext)).toThrow(
        expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('unpaired UTF-16 surrogate') }),
      );
    }
  });

  it('round-trips any well-formed string, and refuses exactly the ill-formed ones (property)', () => {
    const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: anyCodeUnit })), (plaintext) => {
        const wellFormed = Buffer.from(plaintext, 'utf8').toString('utf8') === plaintext;
        if (wellFormed) {
          expect(cipher.decrypt(cipher.encrypt(plaintext))).toBe(plaintext);
        } else {
          expect(() => cipher.encrypt(plaintext)).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('answers any garbage given to decrypt with a VALIDATION AppError, never another exception (property)', () => {
    const base64Field = fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString('base64'));
    const field = fc.oneof(base64Field, fc.string({ maxLength: 40 }), fc.constantFrom('', '=', 'A', '===='));
    const shaped = fc
      .tuple(fc.constantFrom('enc', 'ENC', 'enc '), fc.constantFrom('v1', 'v0', ''), fc.array(field, { maxLength: 5 }))
      .map(([scheme, version, rest]) => [scheme, version, ...rest].join(':'));
    const original = cipher.encrypt('secret');
    const mutated = fc.tuple(fc.string({ minLength: 1, maxLength: 3 }), fc.nat(), fc.nat()).map(([insert, at, cut]) => {
      const start = at % original.length;
      return original.slice(0, start) + insert + original.slice(start + (cut % 3));
    });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), shaped, mutated), (garbage) => {
        // A mutation that puts back the very characters it removed leaves a value that rightly decrypts.
        fc.pre(garbage !== original);
        const error = decryptError(garbage);
        expect(error.code).toBe('VALIDATION');
        expect(isEncryptedValue(garbage)).toBe(/^enc:v1:/.test(garbage) && !error.message.includes('malformed'));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('isEncryptedValue', () => {
  it('recognises what encrypt writes, whatever the key', () => {
    expect(isEncryptedValue(cipher.encrypt(''))).toBe(true);
    expect(isEncryptedValue(createSecretCipher(generateDataKey()).encrypt('x'))).toBe(true);
  });

  it.each(['hunter2', '', 'enc:v1:', 'enc:v2:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:', null, 42])(
    'rejects %j',
    (value) => {
      expect(isEncryptedValue(value)).toBe(false);
    },
  );
});
