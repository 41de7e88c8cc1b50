import type { Assertion, AssertionOperator, AssertionType } from '../assertions/assertion.js';
import { readAssertion } from '../assertions/read-assertions.js';
import { isAppError } from '../errors.js';
import { brunoTestCheck } from './bruno-test-check.js';
import { field, listOf, textOf, textOr } from './plain-data.js';

/** What a request's Bruno `assert` block becomes: rows, and `tests` lines for what rows cannot say. */
export interface BrunoAssertions {
  rows: Assertion[];
  /** Bruno test script lines, each checking one assert row as Bruno checks it (switched-off ones as comments). */
  script: string[];
}

type Target = Pick<Assertion, 'source' | 'property'>;

/** `res.body.items[0]['name']`: a path of names and indexes JSONPath can say as it is. */
const SIMPLE_PATH = /^(?:\.[A-Za-z_$][\w$]*|\[\d+\]|\['[^'\\]*'\]|\["[^"\\]*"\])*$/;
const HEADER = /^res\.headers(?:\.([A-Za-z_$][\w$]*)|\[(['"])([^'"]+)\2\])$/;

/** The response part a Bruno left-hand side reads, when a row can read it too. */
function targetOf(lhs: string): Target | undefined {
  if (lhs === 'res.status') return { source: 'status', property: '' };
  if (lhs === 'res.responseTime') return { source: 'responseTime', property: '' };
  const header = HEADER.exec(lhs);
  if (header !== null) return { source: 'header', property: header[1] ?? header[3] ?? '' };
  // Bruno's res.body is the parsed JSON body: JSONPath reads it the same way.
  if (lhs.startsWith('res.body')) {
    const rest = lhs.slice('res.body'.length);
    if (SIMPLE_PATH.test(rest)) return { source: 'jsonpath', property: `$${rest}` };
  }
  return undefined;
}

/** Bruno's unary operators that a row says with `isType` or `exists`. */
const AS_ROW: Record<string, { operator: AssertionOperator; value: AssertionType | '' }> = {
  isNumber: { operator: 'isType', value: 'number' },
  isString: { operator: 'isType', value: 'string' },
  isBoolean: { operator: 'isType', value: 'boolean' },
  isArray: { operator: 'isType', value: 'array' },
  isNull: { operator: 'isType', value: 'null' },
  // Bruno's isJson holds for a plain object only.
  isJson: { operator: 'isType', value: 'object' },
  isDefined: { operator: 'exists', value: '' },
};
const SAME: readonly string[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'length', 'matches'];
const UNARY = [
  'isEmpty',
  'isNotEmpty',
  'isNull',
  'isUndefined',
  'isDefined',
  'isTruthy',
  'isFalsy',
  'isJson',
  'isNumber',
  'isString',
  'isBoolean',
  'isArray',
];
const BINARY = [...SAME, 'in', 'notIn', 'notContains', 'notMatches', 'startsWith', 'endsWith', 'between'];

/** Bruno's `operator value` text; an unknown first word makes the whole text an `eq` value, as Bruno reads it. */
function parseOperator(text: string): { operator: string; value: string } {
  const [operator = '', ...rest] = text.trim().split(' ');
  if (UNARY.includes(operator)) return { operator, value: '' };
  if (BINARY.includes(operator)) return { operator, value: rest.join(' ') };
  return { operator: 'eq', value: text };
}

/** A right-hand value as the text a row compares with: Bruno strips quotes; `${…}` is JavaScript, not text. */
function rowValue(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.includes('${')) return undefined;
  if (/^(["']).*\1$/s.test(trimmed) && trimmed.length >= 2) return trimmed.slice(1, -1);
  return trimmed;
}

function asRow(lhs: string, operator: string, value: string): Assertion | undefined {
  let target = targetOf(lhs);
  let rowOperator: AssertionOperator;
  let text: string | undefined;
  const unary = AS_ROW[operator];
  if (unary !== undefined) {
    rowOperator = unary.operator;
    text = unary.value;
  } else if (SAME.includes(operator)) {
    rowOperator = operator as AssertionOperator;
    text = rowValue(value);
    if (operator === 'matches' && text !== undefined && /^\/.*\/$/s.test(text)) text = text.slice(1, -1);
  } else {
    return undefined;
  }
  // `res.body.items.length: eq 3` is JavaScript's length of the array or text; a row says it with `length`.
  if (rowOperator === 'eq' && lhs.endsWith('.length')) {
    const owner = targetOf(lhs.slice(0, -'.length'.length));
    if (owner?.source === 'jsonpath') {
      target = owner;
      rowOperator = 'length';
    }
  }
  if (target === undefined || text === undefined) return undefined;
  try {
    return readAssertion({ ...target, operator: rowOperator, value: text }, 'assert');
  } catch (error) {
    if (isAppError(error)) return undefined;
    throw error;
  }
}

/**
 * A Bruno request's `assert` rows (`res.status: eq 200`) as assertion rows where a row says the same, and as
 * Bruno test lines (`test("…", …)`) where it cannot (`in`, `between`, `startsWith`, a left-hand side that is
 * JavaScript): nothing Bruno checks is dropped.
 */
export function brunoAssertions(assertions: unknown): BrunoAssertions {
  const result: BrunoAssertions = { rows: [], script: [] };
  // A .bru line holds no line break; one in a parsed file's text must not end a comment line early.
  const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ');
  for (const entry of listOf(assertions)) {
    const lhs = oneLine(textOf(field(entry, 'name')) ?? '').trim();
    if (lhs === '') continue;
    const text = oneLine(textOr(field(entry, 'value'), ''));
    const enabled = field(entry, 'enabled') !== false;
    const { operator, value } = parseOperator(text);
    const row = asRow(lhs, operator, value);
    if (row !== undefined) {
      result.rows.push(enabled ? row : { ...row, enabled: false });
      continue;
    }
    const name = JSON.stringify(`${lhs}: ${text}`);
    const test = `test(${name}, function () { ${brunoTestCheck(lhs, operator, value)}; });`;
    // A switched-off assert is kept, as a line that does not run.
    result.script.push(enabled ? test : `// switched off: ${test}`);
  }
  return result;
}
