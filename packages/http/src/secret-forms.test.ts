import { encodeQueryText } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubberOf, scrubSecretForms, secretForms } from './secret-forms.js';

/** How a server may echo what it received. */
const ENCODINGS: [string, (secret: string) => string][] = [
  ['as sent', (secret) => secret],
  ['percent-encoded', encodeURIComponent],
  ['form-encoded', (secret) => new URLSearchParams([['q', secret]]).toString().slice(2)],
  ['JSON-escaped', (secret) => JSON.stringify(secret).slice(1, -1)],
  [
    'JSON-escaped to ASCII',
    (secret) =>
      JSON.stringify(secret)
        .slice(1, -1)
        .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  ],
  ['base64', (secret) => Buffer.from(secret, 'utf8').toString('base64')],
  ['in a URL path, as the URL parser writes it', (secret) => new URL(`http://h/${secret}`).pathname.slice(1)],
  [
    'in a query value, as the app encodes it and the URL parser writes it',
    (secret) => new URL(`http://h/?q=${encodeQueryText(secret)}`).search.slice(3),
  ],
  ['in a host, lowercased', (secret) => secret.toLowerCase()],
  [
    'as a multipart name, quotes and line breaks escaped',
    (secret) => secret.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A'),
  ],
];

describe('secretForms and scrubSecretForms', () => {
  it.each(ENCODINGS)('leave no secret %s in an echoed text', (_how, encode) => {
    // Without `?` or `#`, which end a path: what follows them is not the path's.
    const secrets = fc.string({ unit: 'binary-ascii', minLength: 8, maxLength: 24 }).filter((s) => !/[?#]/.test(s));
    fc.assert(
      fc.property(secrets, fc.string(), (secret, around) => {
        const echoed = `${around}<${encode(secret)}>${around}`;
        expect(scrubSecretForms(echoed, secretForms([secret], []))).not.toContain(encode(secret));
      }),
    );
  });

  it('masks a Basic credential the app derived from a secret password', () => {
    const credential = Buffer.from('ada:pa&ss wörd').toString('base64');
    const text = `{"authorization":"Basic ${credential}"}`;
    expect(scrubSecretForms(text, secretForms(['pa&ss wörd'], [credential]))).toBe('{"authorization":"Basic ••••"}');
  });

  it('masks the longest form first, so no part of a longer form is left', () => {
    const forms = secretForms(['a b&c'], []);
    expect(forms).toEqual([...forms].sort((x, y) => y.length - x.length));
    expect(scrubSecretForms('x=a%20b%26c', forms)).toBe('x=••••');
  });

  it('masks the secrets of several requests together, a longer one of one request whole over a shorter of another', () => {
    const scrub = scrubberOf([...secretForms(['abc-1234'], []), ...secretForms(['abc-1234-longer'], [])]);
    expect(scrub('a=abc-1234-longer b=abc-1234')).toBe('a=•••• b=••••');
    expect(scrubberOf(['', 'x'])('x y')).toBe('•••• y');
  });
});
