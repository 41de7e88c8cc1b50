import {
  type Assertion,
  type AssertionVerdict,
  assertionText,
  numberOf,
  type RunAssertion,
  resolveTemplate,
  type VariableLookup,
} from '@client/core';
import { type Actual, actualValue } from './actual-value.js';
import type { AssertionResponse } from './assertion-response.js';
import { testPattern } from './pattern-test.js';

/** Longer actual values are cut where they are shown. */
const SHOWN_CHARS = 2000;

/** A value as text: strings as they are, anything else as JSON. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

const shown = (text: string): string => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);
const quoted = (text: string): string => JSON.stringify(shown(text));

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Equal as numbers when both are numbers, as JSON when the value is an object, else as text. */
function equals(actual: unknown, expected: string): boolean {
  const left = numberOf(actual);
  const right = numberOf(expected);
  if (left !== undefined && right !== undefined) return left === right;
  if (textOf(actual) === expected) return true;
  if (typeof actual !== 'object' || actual === null) return false;
  try {
    return JSON.stringify(actual) === JSON.stringify(JSON.parse(expected));
  } catch {
    return false;
  }
}

const COMPARED = {
  gt: { holds: (a: number, b: number) => a > b, words: 'more than' },
  gte: { holds: (a: number, b: number) => a >= b, words: 'at least' },
  lt: { holds: (a: number, b: number) => a < b, words: 'less than' },
  lte: { holds: (a: number, b: number) => a <= b, words: 'at most' },
} as const;

/** Why the row fails on this value, or undefined when it holds. */
function failure(row: Assertion, actual: Actual): string | undefined {
  if (row.operator === 'exists') {
    if (!actual.found) return actual.reason;
    return row.source === 'body' && actual.value === '' ? 'the response has no body' : undefined;
  }
  if (!actual.found) return actual.reason;
  const { value } = actual;
  const expected = row.value;
  switch (row.operator) {
    case 'eq':
      return equals(value, expected) ? undefined : `expected ${quoted(expected)}, got ${quoted(textOf(value))}`;
    case 'neq':
      return equals(value, expected) ? `expected anything but ${quoted(expected)}` : undefined;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const left = numberOf(value);
      const right = numberOf(expected);
      if (left === undefined)
        return `${quoted(textOf(value))} is not a number, so it cannot be ${row.operator} ${expected}`;
      if (right === undefined) return `${quoted(expected)} is not a number to compare with`;
      const { holds, words } = COMPARED[row.operator];
      return holds(left, right) ? undefined : `expected ${words} ${right}, got ${left}`;
    }
    case 'contains':
      if (Array.isArray(value)) {
        return value.some((item) => equals(item, expected)) ? undefined : `the array holds no ${quoted(expected)}`;
      }
      return textOf(value).includes(expected)
        ? undefined
        : `${quoted(textOf(value))} does not contain ${quoted(expected)}`;
    case 'matches': {
      const test = testPattern(expected, textOf(value));
      if ('error' in test) return test.error;
      return test.matched ? undefined : `${quoted(textOf(value))} does not match ${expected}`;
    }
    case 'isType': {
      const type = typeOf(value);
      return type === expected ? undefined : `expected a ${expected}, got a ${type}`;
    }
    case 'length': {
      if (typeof value !== 'string' && !Array.isArray(value)) {
        return `${quoted(textOf(value))} is a ${typeOf(value)}, which has no length`;
      }
      const wanted = numberOf(expected);
      if (wanted === undefined) return `${quoted(expected)} is not a length`;
      return value.length === wanted ? undefined : `expected length ${wanted}, got ${value.length}`;
    }
  }
}

const unresolved: VariableLookup = () => undefined;

/**
 * Checks one row against a response, its value's (and JSONPath's) `{{variables}}` resolved with `lookup`; the
 * verdict is named by the row as written, so it reads the same in every environment. Never throws: a row that
 * cannot be checked (a body that is not JSON, a pattern RE2 cannot read) fails with the reason.
 */
export function evaluateAssertion(
  row: Assertion,
  response: AssertionResponse,
  lookup: VariableLookup = unresolved,
): AssertionVerdict {
  const assertion = assertionText(row);
  if (row.enabled === false) return { assertion, passed: true, skipped: true, actual: null };
  const resolved: Assertion = {
    ...row,
    property:
      row.source === 'jsonpath' || row.source === 'events' ? resolveTemplate(row.property, lookup) : row.property,
    value: resolveTemplate(row.value, lookup),
  };
  const actual = actualValue(resolved, response);
  const reason = failure(resolved, actual);
  const shownActual = actual.found ? shown(textOf(actual.value)) : null;
  return reason === undefined
    ? { assertion, passed: true, actual: shownActual }
    : { assertion, passed: false, actual: shownActual, message: reason };
}

/** A verdict as a run's result holds it, newman's way: a failed check is an `AssertionError`. */
export function toRunAssertion(verdict: AssertionVerdict): RunAssertion {
  return {
    assertion: verdict.assertion,
    ...(verdict.skipped === true ? { skipped: true } : {}),
    ...(verdict.passed ? {} : { error: { name: 'AssertionError', message: verdict.message ?? 'failed' } }),
  };
}
