import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { helloProof, isHelloNonce, isValidHelloProof, newHelloNonce } from './hello-proof.js';

const TOKEN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('the hello proof', () => {
  it('is the HMAC-SHA256 of client-hello-v1, the nonce and the port, keyed with the token, as README documents', () => {
    const nonce = 'ab'.repeat(32);
    const expected = createHmac('sha256', TOKEN).update(`client-hello-v1\n${nonce}\n4110`).digest('hex');
    expect(helloProof(TOKEN, nonce, 4110)).toBe(expected);
  });

  it('holds only for the same token, nonce and port', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 65535 }), fc.integer({ min: 1, max: 65535 }), (port, otherPort) => {
        const nonce = newHelloNonce();
        const proof = helloProof(TOKEN, nonce, port);
        expect(isValidHelloProof(TOKEN, nonce, port, proof)).toBe(true);
        expect(isValidHelloProof(TOKEN, nonce, otherPort, proof)).toBe(port === otherPort);
        expect(isValidHelloProof(TOKEN, newHelloNonce(), port, proof)).toBe(false);
        expect(isValidHelloProof('3f1c2a4e-5b6d-4c7e-8f90-a1b2c3d4e5f6', nonce, port, proof)).toBe(false);
      }),
    );
  });

  it('refuses any answer that is not 64 hex digits, without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (proof) => {
        expect(isValidHelloProof(TOKEN, newHelloNonce(), 4110, proof)).toBe(false);
      }),
    );
  });
});

describe('isHelloNonce', () => {
  it('accepts fresh nonces, and only 64 lower-case hex digits', () => {
    expect(isHelloNonce(newHelloNonce())).toBe(true);
    expect(newHelloNonce()).not.toBe(newHelloNonce());
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(isHelloNonce(value)).toBe(typeof value === 'string' && /^[0-9a-f]{64}$/.test(value));
      }),
    );
    expect(isHelloNonce('AB'.repeat(32))).toBe(false);
    expect(isHelloNonce(`${'a'.repeat(64)}\n`)).toBe(false);
  });
});
