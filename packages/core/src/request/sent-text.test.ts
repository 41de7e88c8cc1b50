import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicCredential, sentUrl } from './sent-text.js';

describe('basicCredential', () => {
  it('is the base64 of the UTF-8 bytes of username:password, as the sender writes it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (username, password) => {
        const bytes = Buffer.from(`${username}:${password}`, 'utf8');
        expect(basicCredential(username, password)).toBe(`Basic ${bytes.toString('base64')}`);
      }),
    );
  });
});

describe('sentUrl', () => {
  it('writes the URL as the parser the sender uses does, a placeholder left for the reader as typed', () => {
    expect(sentUrl('http://Example.com/a b/é?q=x y&empty=#top')).toBe('http://example.com/a%20b/%C3%A9?q=x%20y&empty=');
    expect(sentUrl('https://{{host}}/{{id}}/x y?k={{v}}')).toBe('https://{{host}}/{{id}}/x%20y?k={{v}}');
    expect(sentUrl('{{base_url}}/a b')).toBe('{{base_url}}/a b');
  });
});
