import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isSecretName,
  maskAuth,
  maskBody,
  maskKeyValues,
  maskSecretNamedPairs,
  maskText,
  maskUrlUserinfo,
} from './mask-secrets.js';

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

describe('maskKeyValues', () => {
  it('hides the values of every listed credential name, and a credential-looking value under any name', () => {
    const masked = maskKeyValues([
      { key: 'X-Auth-Key', value: 'k1' },
      { key: 'X-Auth', value: 'k2' },
      { key: 'Ocp-Apim-Subscription-Key', value: 'k3' },
      { key: 'X-Access-Key', value: 'k4' },
      { key: 'X-Custom', value: 'sk_live_51H8abcDEF123ghiJKL' },
      { key: 'Accept', value: 'application/json' },
      { key: 'key', value: '{{api_key}}' },
    ]);
    expect(masked.map(({ value }) => value)).toEqual([
      '••••',
      '••••',
      '••••',
      '••••',
      '••••',
      'application/json',
      '{{api_key}}',
    ]);
  });
});

describe('maskText', () => {
  it('hides password= pairs, secret XML elements and tokens, and keeps the rest', () => {
    const text =
      'user=ada&password=hunter2&page=2\n<login><user>ada</user><ns:Password type="x">s3cr3t</ns:Password></login>\n' +
      'see eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U now';
    expect(maskText(text)).toBe(
      'user=ada&password=••••&page=2\n<login><user>ada</user><ns:Password type="x">••••</ns:Password></login>\n' +
        'see •••• now',
    );
  });

  it('keeps a text without credentials exactly as it was', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z &=<>/]{0,40}$/), (text) => {
        fc.pre(!/(^|[^a-z])(key|sig|auth|pass|pwd|token|secret|password|passwd|session|signature)=/.test(text));
        expect(maskText(text)).toBe(text);
      }),
    );
  });
});

describe('maskUrlUserinfo', () => {
  it.each([
    ['https://ada:hunter2@api.example.com/v1', 'https://ada:••••@api.example.com/v1'],
    ['https://ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com', 'https://••••@github.com'],
    ['https://ada@api.example.com', 'https://ada@api.example.com'],
    ['https://api.example.com/v1?next=a@b', 'https://api.example.com/v1?next=a@b'],
    ['{{base_url}}', '{{base_url}}'],
  ])('%s shows as %s', (url, shown) => {
    expect(maskUrlUserinfo(url)).toBe(shown);
  });
});

describe('maskBody of a JSON body, by value', () => {
  it('hides a credential-looking string under a harmless name', () => {
    const masked = maskBody({ mode: 'json', text: '{"config":{"value":"sk_live_51H8abcDEF123ghiJKL"},"n":1}' });
    expect(masked.mode === 'json' && JSON.parse(masked.text)).toEqual({ config: { value: '••••' }, n: 1 });
  });
});

describe('maskText on hostile text', () => {
  it('takes time linear in the text, whatever its shape (no regular expression backtracks on it)', () => {
    const shapes = [
      'x'.repeat(200_000),
      `<${'x'.repeat(200_000)}`,
      `${'a'.repeat(100_000)}=${'b'.repeat(100_000)}`,
      '<a '.repeat(60_000),
      `<${'x:'.repeat(60_000)}`,
    ];
    for (const text of shapes) {
      // Correct output is the check; a quadratic pass over these would not finish within the test's timeout.
      expect(maskText(text).length).toBeGreaterThan(0);
    }
  });

  it('masks a secret-named pair whatever comes before it', () => {
    expect(maskText(`${'a'.repeat(300)}&password=hunter2`)).toBe(`${'a'.repeat(300)}&password=••••`);
  });
});

describe('maskSecretNamedPairs (what History keeps)', () => {
  it('masks by name only: a request id that looks random stays readable', () => {
    const requestId = 'q8Zr2VbX0f9LmK3nT7wY1sD4hJ6gP5cA2eR8uI0o';
    expect(
      maskSecretNamedPairs([
        { key: 'X-Request-Id', value: requestId },
        { key: 'X-Auth-Key', value: 'k1' },
      ]),
    ).toEqual([
      { key: 'X-Request-Id', value: requestId },
      { key: 'X-Auth-Key', value: '••••' },
    ]);
  });
});

describe('maskAuth', () => {
  it('masks the secret of every kind of auth and keeps what names it', () => {
    expect(
      maskAuth({ type: 'oauth2', tokenUrl: 'https://a.example/t', clientId: 'app', clientSecret: 'sh', scope: 'x' }),
    ).toEqual({ type: 'oauth2', tokenUrl: 'https://a.example/t', clientId: 'app', clientSecret: '••••', scope: 'x' });
    expect(maskAuth({ type: 'bearer', token: 'abc' })).toEqual({ type: 'bearer', token: '••••' });
    expect(
      maskAuth({ type: 'oauth2', tokenUrl: 't', clientId: 'a', clientSecret: '{{secret}}', scope: '' }),
    ).toMatchObject({
      clientSecret: '{{secret}}',
    });
    const aws = { accessKeyId: 'AKID', secretAccessKey: 'wJalr/K7', sessionToken: 'FwoG', region: 'r', service: 's' };
    expect(maskAuth({ type: 'awsSigV4', ...aws })).toEqual({
      type: 'awsSigV4',
      ...aws,
      secretAccessKey: '••••',
      sessionToken: '••••',
    });
    expect(maskAuth({ type: 'inherit' })).toEqual({ type: 'inherit' });
  });
});
