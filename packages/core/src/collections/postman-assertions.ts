import type { Assertion } from '../assertions/assertion.js';
import { readAssertions } from '../assertions/read-assertions.js';
import { isAppError } from '../errors.js';

/** The name of the test script an export writes a request's assertion rows as. */
export const ASSERTIONS_SCRIPT_NAME = 'Client assertions';

const ROWS_PREFIX = 'const clientAssertionRows = ';

/*
 * Checks the rows in Postman and newman as Client checks them (the same names, so reports agree): numbers
 * compared as numbers, `contains` in texts and arrays, JSONPath of names, indexes and `*` (anything more needs
 * Client, and the check says so).
 */
const CHECKER = `clientAssertionRows.filter((row) => row.enabled !== false).forEach((row) => {
  const value = row.operator === 'exists' ? '' : row.value === '' ? '""' : row.value;
  const name = [row.source, row.property, row.operator, value].filter((part) => part !== '').join(' ');
  pm.test(name, () => {
    const expected = pm.variables.replaceIn(row.value);
    const number = (x) => typeof x === 'number' ? x : typeof x === 'string' && /^\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?\\s*$/.test(x) ? Number(x) : undefined;
    const text = (x) => typeof x === 'string' ? x : x === undefined ? '' : JSON.stringify(x);
    const equal = (x) => number(x) !== undefined && number(expected) !== undefined ? number(x) === number(expected) : text(x) === expected || (typeof x === 'object' && (() => { try { return JSON.stringify(x) === JSON.stringify(JSON.parse(expected)); } catch (error) { return false; } })());
    const jsonPath = (root, path) => {
      const steps = path.slice(1).match(/\\.[^.[]+|\\[[^\\]]*\\]/g) || [];
      if (steps.join('') !== path.slice(1)) throw new Error('this JSONPath needs Client: ' + path);
      return steps.reduce((nodes, step) => nodes.flatMap((node) => {
        const key = step.startsWith('.') ? step.slice(1) : step.slice(1, -1).replace(/^(['"])(.*)\\1$/, '$2');
        if (node === null || typeof node !== 'object') return [];
        if (key === '*') return Object.values(node);
        if (/^\\d+$/.test(key) || Object.prototype.hasOwnProperty.call(node, key)) return node[key] === undefined ? [] : [node[key]];
        if (/[?:(@]/.test(key)) throw new Error('this JSONPath needs Client: ' + path);
        return [];
      }), [root]);
    };
    let actual;
    let found = true;
    if (row.source === 'status') actual = pm.response.code;
    else if (row.source === 'responseTime') actual = pm.response.responseTime;
    else if (row.source === 'size') actual = pm.response.responseSize;
    else if (row.source === 'body') { actual = pm.response.text(); found = actual !== ''; }
    else if (row.source === 'header') { found = pm.response.headers.has(row.property); actual = pm.response.headers.get(row.property); }
    else { const nodes = jsonPath(pm.response.json(), pm.variables.replaceIn(row.property)); found = nodes.length > 0; actual = nodes.length === 1 ? nodes[0] : found ? nodes : undefined; }
    const shown = found ? text(actual) : 'nothing';
    const fail = (message) => { throw new Error(name + ': ' + message); };
    if (row.operator === 'exists') return found || fail('nothing found');
    if (!found) fail('nothing found');
    if (row.operator === 'eq') return equal(actual) || fail('expected ' + expected + ', got ' + shown);
    if (row.operator === 'neq') return !equal(actual) || fail('expected anything but ' + expected);
    if (row.operator === 'contains') return (Array.isArray(actual) ? actual.some(equal) : text(actual).includes(expected)) || fail(shown + ' does not contain ' + expected);
    if (row.operator === 'matches') { const slashed = /^\\/([\\s\\S]+)\\/([imsu]*)$/.exec(expected); return new RegExp(slashed ? slashed[1] : expected, slashed ? slashed[2] : '').test(text(actual)) || fail(shown + ' does not match ' + expected); }
    if (row.operator === 'isType') { const type = actual === null ? 'null' : Array.isArray(actual) ? 'array' : typeof actual; return type === expected || fail('expected a ' + expected + ', got a ' + type); }
    if (row.operator === 'length') { if (typeof actual !== 'string' && !Array.isArray(actual)) fail(shown + ' has no length'); return actual.length === number(expected) || fail('expected length ' + expected + ', got ' + actual.length); }
    const left = number(actual);
    const right = number(expected);
    if (left === undefined || right === undefined) fail('compares numbers; got ' + shown + ' and ' + expected);
    const holds = { gt: left > right, gte: left >= right, lt: left < right, lte: left <= right }[row.operator];
    return holds || fail('expected ' + row.operator + ' ' + expected + ', got ' + shown);
  });
});`;

/** A request's rows as the lines of a Postman test script that checks them: the rows first, as data. */
export function assertionsScript(rows: readonly Assertion[]): string[] {
  return [`${ROWS_PREFIX}${JSON.stringify(rows)};`, ...CHECKER.split('\n')];
}

/**
 * The rows of a script `assertionsScript` wrote, unchanged since; undefined for any other script (one edited in
 * Postman stays a script, and runs as one).
 */
export function rowsOfAssertionsScript(text: string): Assertion[] | undefined {
  const [first = '', ...rest] = text.split('\n');
  if (!first.startsWith(ROWS_PREFIX) || !first.endsWith(';') || rest.join('\n') !== CHECKER) return undefined;
  try {
    return readAssertions(JSON.parse(first.slice(ROWS_PREFIX.length, -1)), 'assertions');
  } catch (error) {
    if (isAppError(error) || error instanceof SyntaxError) return undefined;
    throw error;
  }
}
