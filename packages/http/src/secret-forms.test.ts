import { encodeQueryText } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubberOf, secretForms } from './secret-forms.js';
import { MIN_FREE_TEXT_SECRET } from './secret-needles.js';

const scrubbed = (text: string, secret: string) => scrubberOf(secretForms([secret], []))(text);

function uEscapes(text: string, pattern: RegExp, upperHex: boolean): string {
  return text.replace(pattern, (character) => {
    const hex = character.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${upperHex ? hex.toUpperCase() : hex}`;
  });
}
const json = (secret: string) => JSON.stringify(secret).slice(1, -1);
const codePointRefs = (secret: string, radix: 10 | 16) =>
  [...secret].map((c) => `&#${radix === 16 ? 'x' : ''}${(c.codePointAt(0) ?? 0).toString(radix)};`).join('');
const NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** How a server may echo what it received. */
const ENCODINGS: [string, (secret: string) => string][] = [
  ['as sent', (secret) => secret],
  ['in upper case', (secret) => secret.toUpperCase()],
  ['in lower case', (secret) => secret.toLowerCase()],
  ['percent-encoded', encodeURIComponent],
  ['percent-encoded in lower-case hex', (secret) => encodeURIComponent(secret).replace(/%../g, (e) => e.toLowerCase())],
  ['percent-encoded twice', (secret) => encodeURIComponent(encodeURIComponent(secret))],
  ['form-encoded', (secret) => new URLSearchParams([['q', secret]]).toString().slice(2)],
  ['JSON-escaped', json],
  ['JSON-escaped to ASCII, lower-case hex', (secret) => uEscapes(json(secret), /[^\x20-\x7e]/g, false)],
  ['JSON-escaped to ASCII, upper-case hex', (secret) => uEscapes(json(secret), /[^\x20-\x7e]/g, true)],
  ['JSON-escaped as PHP does', (secret) => uEscapes(json(secret), /[^\x20-\x7e]/g, false).replaceAll('/', '\\/')],
  ['as hex character references', (secret) => codePointRefs(secret, 16)],
  ['as decimal character references', (secret) => codePointRefs(secret, 10)],
  ['HTML-escaped', (secret) => secret.replace(/[&<>"']/g, (c) => NAMED[c] ?? c)],
  ['base64', (secret) => Buffer.from(secret, 'utf8').toString('base64')],
  ['base64url', (secret) => Buffer.from(secret, 'utf8').toString('base64url')],
  ['hex', (secret) => Buffer.from(secret, 'utf8').toString('hex')],
  ['hex in upper case', (secret) => Buffer.from(secret, 'utf8').toString('hex').toUpperCase()],
];

const secrets = fc.string({ unit: 'binary', minLength: MIN_FREE_TEXT_SECRET, maxLength: 24 });

describe('scrubberOf', () => {
  it.each(ENCODINGS)('leaves no secret %s in an echoed text', (_how, encode) => {
    fc.assert(
      fc.property(secrets, fc.string(), fc.string(), (secret, before, after) => {
        const echoed = `${before}<${encode(secret)}>${after}`;
        expect(scrubbed(echoed, secret)).not.toContain(encode(secret));
      }),
    );
  });

  it('leaves no secret written with any one of its characters escaped for JSON', () => {
    fc.assert(
      fc.property(secrets, fc.nat(), fc.boolean(), (secret, index, upperHex) => {
        const at = index % secret.length;
        const escaped = `${json(secret.slice(0, at))}${uEscapes(secret[at] ?? '', /./gsu, upperHex)}${json(secret.slice(at + 1))}`;
        const kept = scrubbed(`{"echo":"${escaped}"}`, secret);
        // Line breaks at the ends of a secret are not part of what is matched, and may stay.
        expect(kept.replace(/\\[rn]/g, '')).toBe('{"echo":"••••"}');
      }),
    );
  });

  it.each([
    ['base64', 'base64'],
    ['base64url', 'base64url'],
  ] as const)('leaves no whole 3-byte group of a secret inside a longer %s value', (_how, encoding) => {
    fc.assert(
      fc.property(secrets, fc.uint8Array(), fc.uint8Array(), (secret, before, after) => {
        const bytes = Buffer.from(secret, 'utf8');
        const whole = Buffer.concat([before, bytes, after]).toString(encoding);
        const skipped = (3 - (before.length % 3)) % 3;
        const groups = Math.floor((bytes.length - skipped) / 3);
        const core = bytes.subarray(skipped, skipped + groups * 3).toString(encoding);
        expect(scrubbed(`"${whole}"`, secret)).not.toContain(core);
      }),
    );
  });

  it('reads any text, however broken its escapes, and leaves a text that holds no secret as it was', () => {
    const escapeHeavy = fc.string({ unit: fc.constantFrom(...'%2Fu0\\&#x;+\n\ra\u00e9\ud83d'), maxLength: 40 });
    fc.assert(
      fc.property(escapeHeavy, (text) => {
        expect(scrubberOf(['no-such-secret-here'])(text)).toBe(text);
      }),
    );
  });

  it('masks a base64 value wrapped over several lines, as MIME and PEM write it', () => {
    const secret = 'a long secret that a server sends back base64-encoded and wrapped';
    const wrapped = Buffer.from(secret).toString('base64').replace(/.{20}/g, '$&\r\n');
    expect(scrubbed(`-----BEGIN-----\r\n${wrapped}\r\n-----END-----`, secret)).toBe(
      '-----BEGIN-----\r\n••••\r\n-----END-----',
    );
  });

  it('masks a Basic credential the app derived from a secret password', () => {
    const credential = Buffer.from('ada:pa&ss wörd').toString('base64');
    const text = `{"authorization":"Basic ${credential}"}`;
    expect(scrubberOf(secretForms(['pa&ss wörd'], [credential]))(text)).toBe('{"authorization":"Basic ••••"}');
  });

  it('masks a longer form whole, so no part of it is left', () => {
    expect(scrubbed('x=a%20b%26c%2Fd&y=2', 'a b&c/d')).toBe('x=••••&y=2');
  });

  it('masks the secrets of several requests together, a longer one of one request whole over a shorter of another', () => {
    const scrub = scrubberOf([...secretForms(['abc-1234'], []), ...secretForms(['abc-1234-longer'], [])]);
    expect(scrub('a=abc-1234-longer b=abc-1234')).toBe('a=•••• b=••••');
    expect(scrubberOf(['', 'x'])('x y')).toBe('•••• y');
  });
});

describe('scrubberOf, for a short secret or one of digits', () => {
  it('masks a short secret where it stands as a whole value, and leaves it inside other text', () => {
    const scrub = scrubberOf(secretForms(['4567'], []));
    expect(scrub('http://127.0.0.1:4567/login')).toBe('http://127.0.0.1:4567/login');
    expect(scrub('{"pin":"4567","port":14567}')).toBe('{"pin":"••••","port":14567}');
    expect(scrub('pin=4567&next=%2F')).toBe('pin=••••&next=%2F');
    expect(scrub('<pin>4567</pin>')).toBe('<pin>••••</pin>');
    expect(scrub('4567')).toBe('••••');
    expect(scrub('pin:\n4567\n')).toBe('pin:\n••••\n');
  });

  it('never masks a short secret that letters or digits adjoin', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ab1Z'), minLength: 1, maxLength: MIN_FREE_TEXT_SECRET - 1 }),
        fc.stringMatching(/^[A-Za-z0-9]+$/),
        (secret, around) => {
          const text = `:${around}${secret}${around}/`;
          expect(scrubberOf([secret])(text)).toBe(text);
        },
      ),
    );
  });

  it('counts a secret written with escapes as short when they decode to fewer than the minimum', () => {
    expect(scrubberOf(['%41%42%43'])('xabcx ABC')).toBe('xabcx ••••');
  });

  it('masks a longer secret of digits only where no other digit adjoins it', () => {
    const scrub = scrubberOf(['12345678']);
    expect(scrub('id=9123456789 code=12345678 at:12345678.')).toBe('id=9123456789 code=•••• at:••••.');
  });
});

/** How a secret is written on the wire by a URL parser or a multipart encoder, then echoed. */
const WIRE_FORMS: [string, (secret: string) => string][] = [
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

describe('scrubberOf, on what went out through a URL or a multipart body', () => {
  it.each(WIRE_FORMS)('leaves no secret %s in an echoed text', (_how, encode) => {
    // Without `?` or `#`, which end a path: what follows them is not the path's.
    const wireSecrets = fc
      .string({ unit: 'binary-ascii', minLength: MIN_FREE_TEXT_SECRET + 2, maxLength: 24 })
      .filter((secret) => !/[?#]/.test(secret));
    fc.assert(
      fc.property(wireSecrets, fc.string(), (secret, around) => {
        const echoed = `${around}<${encode(secret)}>${around}`;
        expect(scrubbed(echoed, secret)).not.toContain(encode(secret));
      }),
    );
  });
});
