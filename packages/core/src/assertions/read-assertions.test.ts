import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.js';
import { ASSERTION_OPERATORS, ASSERTION_SOURCES, ASSERTION_TYPES, type Assertion } from './assertion.js';
import { assertionText } from './assertion-text.js';
import { MAX_ASSERTIONS, readAssertions } from './read-assertions.js';

function refusal(value: unknown): string {
  try {
    readAssertions(value, 'tests');
  } catch (error) {
    if (isAppError(error) && error.code === 'VALIDATION') return error.message;
    throw error;
  }
  throw new Error('the rows were accepted');
}

describe('reading assertion rows', () => {
  it('reads every source and operator, keeping switched-off rows off and numbers as their text', () => {
    expect(
      readAssertions(
        [
          { source: 'status', operator: 'eq', value: 200 },
          { source: 'header', property: ' Content-Type ', operator: 'contains', value: 'json' },
          { source: 'jsonpath', property: '$.items[0].id', operator: 'exists', enabled: false },
          { source: 'jsonpath', property: '$.active', operator: 'eq', value: true },
          { source: 'responseTime', property: '', operator: 'lt', value: '{{maxMs}}', enabled: true },
          { source: 'size', operator: 'lte', value: '1024' },
          { source: 'body', operator: 'matches', value: '/^ok$/i' },
          { source: 'jsonpath', property: '$.tags', operator: 'length', value: '3' },
          { source: 'jsonpath', property: '$.id', operator: 'isType', value: 'number' },
        ],
        'tests',
      ),
    ).toEqual([
      { source: 'status', property: '', operator: 'eq', value: '200' },
      { source: 'header', property: 'Content-Type', operator: 'contains', value: 'json' },
      { source: 'jsonpath', property: '$.items[0].id', operator: 'exists', value: '', enabled: false },
      { source: 'jsonpath', property: '$.active', operator: 'eq', value: 'true' },
      { source: 'responseTime', property: '', operator: 'lt', value: '{{maxMs}}' },
      { source: 'size', property: '', operator: 'lte', value: '1024' },
      { source: 'body', property: '', operator: 'matches', value: '/^ok$/i' },
      { source: 'jsonpath', property: '$.tags', operator: 'length', value: '3' },
      { source: 'jsonpath', property: '$.id', operator: 'isType', value: 'number' },
    ]);
  });

  it('names the row and the field it refuses, and says what would do', () => {
    expect(refusal({})).toBe('tests must be an array, not object');
    expect(refusal([null])).toBe('tests[0] must be an object, not null');
    expect(refusal([{ source: 'cookie', operator: 'eq', value: '1' }])).toBe(
      'tests[0].source "cookie" is unknown; use one of status, header, jsonpath, responseTime, size, body, events',
    );
    expect(refusal([{ source: 'status', operator: 'equals', value: '1' }])).toContain(
      'tests[0].operator "equals" is unknown; use one of eq, neq',
    );
    expect(refusal([{ source: 'status', operator: 'eq', value: '1', expected: '2' }])).toBe(
      'tests[0] has no field "expected"; the fields are source, property, operator, value, enabled',
    );
    expect(refusal([{ source: 'status', property: 'x', operator: 'eq', value: '1' }])).toBe(
      'tests[0].property must be empty for status: only header, jsonpath and events rows name a property',
    );
    expect(refusal([{ source: 'header', operator: 'exists' }])).toBe(
      'tests[0].property must be a string, not undefined',
    );
    expect(refusal([{ source: 'header', property: ' ', operator: 'exists' }])).toBe(
      'tests[0].property must not be empty: name the header, like Content-Type',
    );
    expect(refusal([{ source: 'header', property: 'Content Type', operator: 'exists' }])).toContain(
      'is not a header name',
    );
    expect(refusal([{ source: 'jsonpath', property: 'data.id', operator: 'exists' }])).toBe(
      'tests[0].property "data.id" must be a JSONPath starting with $, like $.data[0].id',
    );
    expect(refusal([{ source: 'status', operator: 'eq' }])).toBe(
      'tests[0].value is missing: say what eq compares with',
    );
    expect(refusal([{ source: 'status', operator: 'gt', value: 'two hundred' }])).toBe(
      'tests[0].value must be a number for gt (or a {{variable}} holding one), not "two hundred"',
    );
    expect(refusal([{ source: 'body', operator: 'length', value: '' }])).toContain('not empty');
    expect(refusal([{ source: 'body', operator: 'exists', value: 'x' }])).toBe(
      'tests[0].value must be empty for exists, which takes no value',
    );
    expect(refusal([{ source: 'body', operator: 'isType', value: 'integer' }])).toContain(
      'use one of string, number, boolean, object, array, null',
    );
    expect(refusal([{ source: 'body', operator: 'matches', value: '(' }])).toContain(
      'tests[0].value is not a regular expression',
    );
    expect(refusal([{ source: 'body', operator: 'eq', value: {} }])).toBe(
      'tests[0].value must be a string, not object',
    );
    expect(refusal([{ source: 'body', operator: 'eq', value: 'x', enabled: 'no' }])).toBe(
      'tests[0].enabled must be true or false, not string',
    );
    const many = Array.from({ length: MAX_ASSERTIONS + 1 }, () => ({ source: 'status', operator: 'eq', value: '200' }));
    expect(refusal(many)).toBe(
      `tests has ${MAX_ASSERTIONS + 1} rows; keep at most ${MAX_ASSERTIONS}, or check the rest in a script`,
    );
  });

  it('reads back what it read, and names each row by its text', () => {
    const row = fc.record({
      source: fc.constantFrom(...ASSERTION_SOURCES),
      operator: fc.constantFrom(...ASSERTION_OPERATORS),
      value: fc.oneof(fc.string(), fc.constantFrom(...ASSERTION_TYPES), fc.integer().map(String)),
      property: fc.oneof(fc.constant('$.a'), fc.constant('X-Id'), fc.string()),
      enabled: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 5 }), (rows) => {
        let read: Assertion[];
        try {
          read = readAssertions(rows, 'tests');
        } catch (error) {
          if (isAppError(error) && error.code === 'VALIDATION') return;
          throw error;
        }
        expect(readAssertions(JSON.parse(JSON.stringify(read)), 'tests')).toEqual(read);
        for (const assertion of read) {
          const text = assertionText(assertion);
          expect(text.startsWith(assertion.source)).toBe(true);
          expect(text).toContain(` ${assertion.operator}`);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('ends in rows or a VALIDATION AppError for any JSON at all', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        try {
          expect(Array.isArray(readAssertions(value, 'tests'))).toBe(true);
        } catch (error) {
          if (!isAppError(error) || error.code !== 'VALIDATION') throw error;
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the text of a row', () => {
  it('reads as the row does, without a value for exists', () => {
    expect(assertionText({ source: 'status', property: '', operator: 'eq', value: '200' })).toBe('status eq 200');
    expect(assertionText({ source: 'header', property: 'Content-Type', operator: 'contains', value: 'json' })).toBe(
      'header Content-Type contains json',
    );
    expect(assertionText({ source: 'jsonpath', property: '$.id', operator: 'exists', value: '' })).toBe(
      'jsonpath $.id exists',
    );
    expect(assertionText({ source: 'body', property: '', operator: 'eq', value: '' })).toBe('body eq ""');
  });
});
