import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DistributedLockError } from './distributed-lock-error.js';
import { compileLockKeyTemplate, type LockKeyRequest, MAX_LOCK_KEY_LENGTH } from './lock-key-template.js';

function request(parts: Partial<LockKeyRequest> = {}): LockKeyRequest {
  return { params: {}, query: {}, body: undefined, headers: {}, ...parts };
}

/** What evaluating `template` against `input` throws, which must be a DistributedLockError. */
function failure(template: string, input: LockKeyRequest = request()): DistributedLockError {
  try {
    compileLockKeyTemplate(template)(input);
  } catch (error) {
    if (error instanceof DistributedLockError) return error;
    throw error;
  }
  throw new Error(`"${template}" gave a key`);
}

describe('compileLockKeyTemplate', () => {
  it('fills placeholders from the params, query, body and headers of a request', () => {
    const key = compileLockKeyTemplate('order:{params.id}:{query.step}:{body.customer.id}:{headers.X-Tenant}');
    const input = request({
      params: { id: 7 },
      query: { step: 'pay' },
      body: { customer: { id: 'c-1' } },
      headers: { 'x-tenant': 'acme' },
    });
    expect(key(input)).toBe('order:7:pay:c-1:acme');
  });

  it('reads list items by index and writes booleans and big integers as text', () => {
    const key = compileLockKeyTemplate('{body.items.0.sku}/{body.flag}/{body.big}');
    expect(key(request({ body: { items: [{ sku: 'A1' }], flag: true, big: 10n ** 20n } }))).toBe(
      'A1/true/100000000000000000000',
    );
  });

  it('takes a template without placeholders as one fixed key', () => {
    expect(compileLockKeyTemplate('nightly-report')(request())).toBe('nightly-report');
  });

  it('percent-encodes values, so a value cannot add key segments or placeholders', () => {
    const key = compileLockKeyTemplate('sys-user:{params.id}');
    expect(key(request({ params: { id: '1:admin' } }))).toBe('sys-user:1%3Aadmin');
    expect(key(request({ params: { id: '{params.id}' } }))).toBe('sys-user:%7Bparams.id%7D');
    expect(key(request({ params: { id: '* %' } }))).toBe('sys-user:*%20%25');
  });

  it('refuses a request without the named value with LOCK_KEY (400)', () => {
    expect(failure('sys-user:{params.id}')).toMatchObject({
      code: 'LOCK_KEY',
      statusCode: 400,
      message: 'lock key "sys-user:{params.id}": params.id is missing from the request',
    });
    expect(failure('{body.a.b}', request({ body: { a: null } })).message).toContain('body.a.b is missing');
    expect(failure('{params.id}', request({ params: { id: null } })).message).toContain('is missing');
  });

  it('looks at own properties only, never at what objects inherit', () => {
    expect(failure('{params.constructor}').message).toContain('params.constructor is missing');
    expect(failure('{body.toString}', request({ body: {} })).message).toContain('is missing');
    expect(failure('{query.__proto__}').message).toContain('is missing');
  });

  it('refuses objects, lists, empty strings, non-finite numbers and broken Unicode as key values', () => {
    const single = 'must be a single string, number or boolean';
    expect(failure('{query.id}', request({ query: { id: ['1', '2'] } })).message).toContain(single);
    expect(failure('{body.user}', request({ body: { user: { id: 1 } } })).message).toContain(single);
    expect(failure('{body.n}', request({ body: { n: Number.NaN } })).message).toContain(single);
    expect(failure('{params.id}', request({ params: { id: '' } })).message).toContain('params.id is empty');
    expect(failure('{params.id}', request({ params: { id: 'a\uD800' } })).message).toContain(
      'params.id is not well-formed Unicode',
    );
  });

  it(`refuses a key longer than ${MAX_LOCK_KEY_LENGTH} characters`, () => {
    const error = failure('k:{body.text}', request({ body: { text: 'x'.repeat(MAX_LOCK_KEY_LENGTH) } }));
    expect(error).toMatchObject({ code: 'LOCK_KEY', statusCode: 400 });
    expect(error.message).toContain(`longer than ${MAX_LOCK_KEY_LENGTH} characters`);
  });

  it('refuses a malformed template with LOCK_KEY_TEMPLATE when it is compiled', () => {
    const placeholder = (text: string) =>
      `"${text}" must be a source (params, query, body or headers) and a property path, e.g. {params.id}`;
    const stray = 'a "{" or "}" is not part of a {source.path} placeholder';
    const cases: [string, string][] = [
      ['', 'is empty'],
      ['user:{params.id', stray],
      ['user:params.id}', stray],
      ['user:{{params.id}}', stray],
      ['user:{}', placeholder('{}')],
      ['user:{params}', placeholder('{params}')],
      ['user:{params.}', placeholder('{params.}')],
      ['user:{cookies.session}', placeholder('{cookies.session}')],
      ['user:{params.a b}', placeholder('{params.a b}')],
    ];
    for (const [template, problem] of cases) {
      expect(() => compileLockKeyTemplate(template)).toThrow(
        new DistributedLockError('LOCK_KEY_TEMPLATE', `lock key template "${template}": ${problem}`),
      );
    }
  });
});

describe('compileLockKeyTemplate properties', () => {
  const values = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.double(),
    fc.bigInt(),
    fc.boolean(),
    fc.constantFrom(null, undefined),
    fc.array(fc.string()),
    fc.dictionary(fc.string(), fc.string()),
  );

  // Mostly braces, sources and dots, so well-formed and broken placeholders both come up often.
  const templateLike = fc.string({
    unit: fc.constantFrom('{', '}', '.', 'params', 'query', 'body', 'headers', 'id', 'x-y', ':', ' ', '$'),
  });

  it('compiles any template string or refuses it with LOCK_KEY_TEMPLATE', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), templateLike), (template) => {
        try {
          expect(typeof compileLockKeyTemplate(template)).toBe('function');
        } catch (error) {
          expect(error).toBeInstanceOf(DistributedLockError);
          expect((error as DistributedLockError).code).toBe('LOCK_KEY_TEMPLATE');
        }
      }),
    );
  });

  it('turns any request into a key or a LOCK_KEY error, never anything else', () => {
    const key = compileLockKeyTemplate('t:{params.id}:{query.q}:{body.a.b}:{headers.h}');
    fc.assert(
      fc.property(values, values, fc.anything(), values, (id, q, body, h) => {
        try {
          expect(typeof key(request({ params: { id }, query: { q }, body, headers: { h } }))).toBe('string');
        } catch (error) {
          expect(error).toBeInstanceOf(DistributedLockError);
          expect((error as DistributedLockError).code).toBe('LOCK_KEY');
        }
      }),
    );
  });

  it('keeps every value inside its own segment and gives different values different keys', () => {
    const key = compileLockKeyTemplate('user:{params.id}:edit');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), (id) => {
        const segments = key(request({ params: { id } })).split(':');
        expect(segments).toHaveLength(3);
        expect(segments[0]).toBe('user');
        expect(segments[2]).toBe('edit');
        expect(segments[1]).not.toMatch(/[{}\s]/);
        // Decoding gives the value back, so two different values can never share a key.
        expect(decodeURIComponent(segments[1] as string)).toBe(id);
      }),
    );
  });
});
