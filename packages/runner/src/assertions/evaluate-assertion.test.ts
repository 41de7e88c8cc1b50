import {
  ASSERTION_OPERATORS,
  ASSERTION_SOURCES,
  type Assertion,
  type AssertionOperator,
  type AssertionSource,
  isAppError,
  readAssertion,
} from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssertionResponse } from './assertion-response.js';
import { evaluateAssertion, toRunAssertion } from './evaluate-assertion.js';

const BODY = {
  id: 7,
  name: 'Chair',
  price: '19.90',
  tags: ['wood', 'brown'],
  owner: null,
  active: true,
  lines: [
    { sku: 'A1', n: 2 },
    { sku: 'B2', n: 1 },
  ],
};

const response: AssertionResponse = {
  code: 200,
  status: 'OK',
  headers: [
    { key: 'Content-Type', value: 'application/json; charset=utf-8' },
    { key: 'Set-Cookie', value: 'a=1' },
    { key: 'set-cookie', value: 'b=2' },
  ],
  body: JSON.stringify(BODY),
  responseTime: 42,
  size: 120,
};

const row = (source: AssertionSource, property: string, operator: AssertionOperator, value = ''): Assertion => ({
  source,
  property,
  operator,
  value,
});
const check = (assertion: Assertion, answer = response) => evaluateAssertion(assertion, answer);

describe("rows on a streamed answer's events", () => {
  const streamed: AssertionResponse = {
    ...response,
    events: [
      { id: '1', event: 'delta', data: '{"choices":[{"delta":{"content":"Hel"}}]}', ms: 3 },
      { id: '2', event: 'delta', data: '{"choices":[{"delta":{"content":"lo"}}]}', ms: 5 },
      { data: '[DONE]', ms: 6 },
    ],
  };

  it('count the events, read one event’s parsed data, and name what they found', () => {
    expect(check(row('events', '$.length', 'eq', '3'), streamed)).toMatchObject({ passed: true, actual: '3' });
    expect(check(row('events', '$[1].data.choices[0].delta.content', 'eq', 'lo'), streamed)).toMatchObject({
      passed: true,
    });
    expect(check(row('events', '$[2].data', 'eq', '[DONE]'), streamed)).toMatchObject({ passed: true });
    expect(check(row('events', '$[*].event', 'contains', 'delta'), streamed)).toMatchObject({ passed: true });
  });

  it('fail with the reason on an answer that is not a stream', () => {
    expect(check(row('events', '$.length', 'gt', '0'))).toMatchObject({
      passed: false,
      message: expect.stringContaining('not a stream of events'),
    });
  });
});

describe('evaluating an assertion row', () => {
  it('passes rows that hold, with the actual value beside each', () => {
    const passing: [Assertion, string | null][] = [
      [row('status', '', 'eq', '200'), '200'],
      [row('status', '', 'eq', '200.0'), '200'],
      [row('status', '', 'neq', '404'), '200'],
      [row('status', '', 'gte', '200'), '200'],
      [row('status', '', 'lt', '300'), '200'],
      [row('responseTime', '', 'lte', '42'), '42'],
      [row('size', '', 'gt', '100'), '120'],
      [row('header', 'content-type', 'contains', 'json'), 'application/json; charset=utf-8'],
      [row('header', 'SET-COOKIE', 'eq', 'a=1, b=2'), 'a=1, b=2'],
      [row('header', 'Content-Type', 'exists'), 'application/json; charset=utf-8'],
      [row('header', 'Content-Type', 'matches', '/^application/JSON/i'), null],
      [row('jsonpath', '$.id', 'eq', '7'), '7'],
      [row('jsonpath', '$.price', 'gt', '19.5'), '19.90'],
      [row('jsonpath', '$.name', 'isType', 'string'), 'Chair'],
      [row('jsonpath', '$.owner', 'isType', 'null'), 'null'],
      [row('jsonpath', '$.owner', 'exists'), 'null'],
      [row('jsonpath', '$.active', 'eq', 'true'), 'true'],
      [row('jsonpath', '$.tags', 'isType', 'array'), '["wood","brown"]'],
      [row('jsonpath', '$.tags', 'length', '2'), '["wood","brown"]'],
      [row('jsonpath', '$.tags', 'contains', 'brown'), '["wood","brown"]'],
      [row('jsonpath', '$.lines[*].sku', 'contains', 'B2'), '["A1","B2"]'],
      [row('jsonpath', '$.lines[?(@.n > 1)].sku', 'eq', 'A1'), 'A1'],
      [row('jsonpath', '$.lines[0]', 'eq', '{"sku": "A1", "n": 2}'), '{"sku":"A1","n":2}'],
      [row('jsonpath', '$', 'isType', 'object'), null],
      [row('jsonpath', '$.name', 'matches', '/^ch/i'), 'Chair'],
      [row('jsonpath', '$.name', 'length', '5'), 'Chair'],
      [row('body', '', 'contains', '"Chair"'), null],
      [row('body', '', 'exists'), null],
      [{ ...row('status', '', 'eq', '500'), enabled: false }, null],
    ];
    for (const [assertion, actual] of passing) {
      const verdict = check(assertion);
      expect(verdict, JSON.stringify(assertion)).toMatchObject({ passed: true });
      expect(verdict.message).toBeUndefined();
      if (actual !== null) expect(verdict.actual).toBe(actual);
    }
    expect(check({ ...row('status', '', 'eq', '500'), enabled: false })).toEqual({
      assertion: 'status eq 500',
      passed: true,
      skipped: true,
      actual: null,
    });
  });

  it('fails rows that do not hold, saying why in words', () => {
    const failing: [Assertion, string][] = [
      [row('status', '', 'eq', '201'), 'expected "201", got "200"'],
      [row('status', '', 'neq', '200'), 'expected anything but "200"'],
      [row('status', '', 'gt', '200'), 'expected more than 200, got 200'],
      [row('responseTime', '', 'lt', '10'), 'expected less than 10, got 42'],
      [row('jsonpath', '$.name', 'gt', '1'), '"Chair" is not a number, so it cannot be gt 1'],
      [row('header', 'X-Missing', 'exists'), 'the response has no X-Missing header'],
      [row('header', 'X-Missing', 'eq', 'x'), 'the response has no X-Missing header'],
      [row('jsonpath', '$.missing', 'exists'), 'nothing found for $.missing'],
      [row('jsonpath', '$.id', 'isType', 'string'), 'expected a string, got a number'],
      [row('jsonpath', '$.id', 'length', '1'), '"7" is a number, which has no length'],
      [row('jsonpath', '$.tags', 'length', '3'), 'expected length 3, got 2'],
      [row('jsonpath', '$.tags', 'contains', 'oak'), 'the array holds no "oak"'],
      [row('jsonpath', '$.name', 'contains', 'x'), '"Chair" does not contain "x"'],
      [row('jsonpath', '$.name', 'matches', '^ch'), '"Chair" does not match ^ch'],
      [row('jsonpath', '$.name', 'matches', '(?<=C)hair'), 'the pattern (?<=C)hair cannot be used'],
      [row('jsonpath', '$.lines[?(@.n >)]', 'exists'), 'the JSONPath $.lines[?(@.n >)] cannot be read'],
    ];
    for (const [assertion, message] of failing) {
      const verdict = check(assertion);
      expect(verdict.passed, JSON.stringify(assertion)).toBe(false);
      expect(verdict.message).toContain(message);
    }
    const text = { ...response, body: 'not json', headers: [] };
    expect(check(row('jsonpath', '$.id', 'exists'), text).message).toBe('the body is not JSON, so $.id finds nothing');
    expect(check(row('body', '', 'exists'), { ...response, body: '' }).message).toBe('the response has no body');
    expect(check(row('body', '', 'eq', ''), { ...response, body: '' }).passed).toBe(true);
  });

  it('names each verdict by the row text and gives a run its newman-style result', () => {
    const failed = check(row('status', '', 'eq', '201'));
    expect(failed.assertion).toBe('status eq 201');
    expect(toRunAssertion(failed)).toEqual({
      assertion: 'status eq 201',
      error: { name: 'AssertionError', message: 'expected "201", got "200"' },
    });
    expect(toRunAssertion(check(row('status', '', 'eq', '200')))).toEqual({ assertion: 'status eq 200' });
    expect(toRunAssertion(check({ ...row('status', '', 'eq', '1'), enabled: false }))).toEqual({
      assertion: 'status eq 1',
      skipped: true,
    });
  });

  it('cuts a long actual value where it is shown', () => {
    const long = { ...response, body: 'x'.repeat(10_000) };
    const verdict = check(row('body', '', 'eq', 'y'), long);
    expect(verdict.actual?.length).toBe(2001);
    expect(verdict.message?.length).toBeLessThan(2100);
  });

  it('matches in linear time: a catastrophic pattern on a long body ends at once', () => {
    const body = `${'a'.repeat(100_000)}!`;
    const started = performance.now();
    const verdict = check(row('body', '', 'matches', '^(a+)+$'), { ...response, body });
    expect(verdict.passed).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('never throws, whatever the row and the response', () => {
    const anyRow = fc
      .record({
        source: fc.constantFrom(...ASSERTION_SOURCES),
        property: fc.oneof(
          fc.constantFrom('$', '$.a', '$..a', '$.a[?(@.b)]', '$[', 'X-A', 'content-type'),
          fc.string(),
        ),
        operator: fc.constantFrom(...ASSERTION_OPERATORS),
        value: fc.oneof(fc.string(), fc.constantFrom('1', 'null', 'object', '(', '/a/i', '[a-')),
      })
      .map((input) => {
        try {
          return readAssertion(input, 'row');
        } catch (error) {
          if (isAppError(error)) return undefined;
          throw error;
        }
      })
      .filter((read): read is Assertion => read !== undefined);
    const anyResponse = fc.record({
      code: fc.integer({ min: 100, max: 599 }),
      status: fc.string(),
      headers: fc.array(fc.record({ key: fc.constantFrom('X-A', 'Content-Type', 'x-a'), value: fc.string() })),
      body: fc.oneof(
        fc.string(),
        fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      ),
      responseTime: fc.double({ min: 0, max: 1e6, noNaN: true }),
      size: fc.nat(),
    });
    fc.assert(
      fc.property(anyRow, anyResponse, (assertion, answer) => {
        const verdict = evaluateAssertion(assertion, answer);
        expect(typeof verdict.passed).toBe('boolean');
        expect(verdict.passed ? verdict.message : typeof verdict.message).toBe(verdict.passed ? undefined : 'string');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('variables in a row', () => {
  it('are resolved in the value and the JSONPath, the verdict named by the row as written', () => {
    const lookup = (name: string) => ({ want: '200', field: 'id' })[name];
    const verdict = evaluateAssertion(row('status', '', 'eq', '{{want}}'), response, lookup);
    expect(verdict).toMatchObject({ assertion: 'status eq {{want}}', passed: true });
    expect(evaluateAssertion(row('jsonpath', '$.{{field}}', 'eq', '7'), response, lookup).passed).toBe(true);
    expect(evaluateAssertion(row('status', '', 'eq', '{{unset}}'), response, lookup).message).toBe(
      'expected "{{unset}}", got "200"',
    );
  });
});
