import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from '../errors.js';
import {
  freeExampleName,
  MAX_EXAMPLE_BODY_LENGTH,
  MAX_EXAMPLE_DELAY_MS,
  MAX_EXAMPLES,
  readExample,
  readExamples,
} from './read-examples.js';

const ok = { name: '200 OK', status: 200, headers: [{ key: 'Content-Type', value: 'application/json' }], body: '{}' };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return isAppError(error) ? error.code : `not an AppError: ${String(error)}`;
  }
}

describe('readExample', () => {
  it('keeps every field it knows, a switched-off header switched off and a delay of one number as min and max', () => {
    expect(
      readExample(
        {
          name: '  Not found ',
          status: 404,
          headers: [{ key: 'X-Trace', value: 'a', enabled: false }],
          body: 'gone',
          mockStatus: 500,
          delay: { minMs: 250 },
        },
        'example',
      ),
    ).toEqual({
      name: 'Not found',
      status: 404,
      headers: [{ key: 'X-Trace', value: 'a', enabled: false }],
      body: 'gone',
      mockStatus: 500,
      delay: { minMs: 250, maxMs: 250 },
    });
  });

  it('gives an example without headers or body none, and reads null mockStatus and delay as absent', () => {
    expect(readExample({ name: 'x', status: 204, mockStatus: null, delay: null }, 'e')).toEqual({
      name: 'x',
      status: 204,
      headers: [],
      body: '',
    });
  });

  it.each([
    ['an empty name', { ...ok, name: '  ' }, /must not be empty/],
    ['a status outside 100–599', { ...ok, status: 600 }, /whole number from 100 to 599/],
    ['a fractional status', { ...ok, status: 200.5 }, /whole number/],
    ['an unknown field', { ...ok, statusCode: 200 }, /no field "statusCode"/],
    ['a header name with a space', { ...ok, headers: [{ key: 'Bad Name', value: 'x' }] }, /not a header name/],
    ['a header value with a line break', { ...ok, headers: [{ key: 'X', value: 'a\r\nSet-Cookie: x' }] }, /line break/],
    ['a delay whose max is under its min', { ...ok, delay: { minMs: 10, maxMs: 5 } }, /must not be less/],
    ['a delay over the longest', { ...ok, delay: { minMs: MAX_EXAMPLE_DELAY_MS + 1 } }, /whole number from 0/],
    ['a body over the largest', { ...ok, body: 'x'.repeat(MAX_EXAMPLE_BODY_LENGTH + 1) }, /characters long/],
  ])('refuses %s with VALIDATION', (_what, value, message) => {
    const run = () => readExample(value, 'examples[0]');
    expect(run).toThrow(AppError);
    expect(run).toThrow(message);
    expect(codeOf(run)).toBe('VALIDATION');
  });
});

describe('readExamples', () => {
  it('refuses two examples of one name, naming the later one', () => {
    expect(() => readExamples([ok, { ...ok, status: 201 }], 'examples')).toThrow(
      'examples[1].name "200 OK" is taken by an earlier example',
    );
  });

  it(`refuses more than ${MAX_EXAMPLES} examples`, () => {
    const many = Array.from({ length: MAX_EXAMPLES + 1 }, (_, index) => ({ ...ok, name: `e${index}` }));
    expect(codeOf(() => readExamples(many, 'examples'))).toBe('VALIDATION');
    expect(readExamples(many.slice(0, MAX_EXAMPLES), 'examples')).toHaveLength(MAX_EXAMPLES);
  });

  it('refuses anything but a list', () => {
    expect(codeOf(() => readExamples({ 0: ok }, 'examples'))).toBe('VALIDATION');
  });

  const header = fc.record(
    {
      key: fc.oneof(fc.string(), fc.constantFrom('Content-Type', 'X-Id')),
      value: fc.string(),
      enabled: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );
  const candidate = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.record(
      {
        name: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })),
        status: fc.oneof(fc.integer({ min: 0, max: 700 }), fc.double(), fc.jsonValue({ maxDepth: 1 })),
        headers: fc.oneof(fc.array(header, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })),
        body: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })),
        mockStatus: fc.jsonValue({ maxDepth: 1 }),
        delay: fc.oneof(
          fc.record({ minMs: fc.jsonValue({ maxDepth: 1 }), maxMs: fc.integer({ min: -5, max: 70_000 }) }),
          fc.jsonValue({ maxDepth: 1 }),
        ),
      },
      { requiredKeys: [] },
    ),
  );

  it('ends any untrusted input in examples it can read again, or a VALIDATION error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(candidate, { maxLength: 5 }), fc.jsonValue({ maxDepth: 3 })), (value) => {
        let examples: ReturnType<typeof readExamples>;
        try {
          examples = readExamples(value, 'examples');
        } catch (error) {
          expect(isAppError(error) && error.code === 'VALIDATION').toBe(true);
          return;
        }
        expect(readExamples(JSON.parse(JSON.stringify(examples)), 'examples')).toEqual(examples);
      }),
      { numRuns: 500 },
    );
  });
});

describe('freeExampleName', () => {
  it('keeps a free name, numbers a taken one from 2 and names an empty one "Example"', () => {
    expect(freeExampleName('200 OK', new Set())).toBe('200 OK');
    expect(freeExampleName('200 OK', new Set(['200 OK', '200 OK 2']))).toBe('200 OK 3');
    expect(freeExampleName('   ', new Set())).toBe('Example');
  });

  it('cuts a long name where it stays a name readExample keeps as it is', () => {
    const name = freeExampleName(`${'a'.repeat(193)} ${'b'.repeat(20)}`, new Set());
    expect(readExample({ name, status: 200 }, 'e').name).toBe(name);
  });

  it('gives a name readExample accepts, however long the base', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.array(fc.string(), { maxLength: 5 }), (base, taken) => {
        const names = new Set(taken);
        const name = freeExampleName(base, names);
        expect(names.has(name)).toBe(false);
        expect(readExample({ name, status: 200 }, 'e').name).toBe(name);
      }),
    );
  });
});
