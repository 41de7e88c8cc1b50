import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSecretName, maskBody } from './mask-secrets.js';

const plainKey = fc.string({ maxLength: 8 }).filter((key) => !isSecretName(key));
const leaf = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
const plainJson = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(plainKey, tie('node'), { maxKeys: 3 }),
  ),
})).node;
const layout = fc.constantFrom<[number | undefined]>([undefined], [2], [4]);

describe('maskBody of a JSON body', () => {
  it('keeps a body without secret names exactly as typed, whatever its layout', () => {
    fc.assert(
      fc.property(plainJson, layout, (value, [indent]) => {
        const body = { mode: 'json' as const, text: JSON.stringify(value, null, indent) };
        expect(maskBody(body)).toBe(body);
      }),
    );
  });

  it('hides every secret value, at any depth, and keeps the rest', () => {
    fc.assert(
      fc.property(
        plainJson,
        fc.constantFrom('password', 'api_key', 'client_secret', 'sessionToken'),
        fc.string({ minLength: 1, maxLength: 8 }).filter((secret) => !secret.includes('{{')),
        (value, secretKey, secret) => {
          const withSecret = { data: value, nested: [{ [secretKey]: secret }], [secretKey]: 42 };
          const masked = maskBody({ mode: 'json', text: JSON.stringify(withSecret) });
          expect(masked.mode === 'json' && JSON.parse(masked.text)).toEqual({
            data: value,
            nested: [{ [secretKey]: '••••' }],
            [secretKey]: '••••',
          });
        },
      ),
    );
  });
});
