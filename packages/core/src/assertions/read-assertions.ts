import { describeType, invalid, readList, readRecord, readString, refuseUnknown } from '../field-readers.js';
import {
  ASSERTION_OPERATORS,
  ASSERTION_SOURCES,
  ASSERTION_TYPES,
  type Assertion,
  type AssertionOperator,
  type AssertionSource,
  PROPERTY_SOURCES,
} from './assertion.js';
import { numberOf } from './assertion-number.js';
import { assertionPattern } from './assertion-pattern.js';

/** More rows than this on one endpoint is not a Tests tab a person reads; a script says it better. */
export const MAX_ASSERTIONS = 200;
const MAX_PROPERTY_LENGTH = 2048;
const MAX_VALUE_LENGTH = 64 * 1024;

const FIELDS = ['source', 'property', 'operator', 'value', 'enabled'] as const;
const NUMERIC_OPERATORS: readonly AssertionOperator[] = ['gt', 'gte', 'lt', 'lte', 'length'];
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A `{{name}}` in a value is resolved when the row is checked, so what it will hold cannot be checked now. */
const TEMPLATE = /\{\{[^{}]+\}\}/;

function oneOf<T extends string>(value: unknown, known: readonly T[], label: string): T {
  const found = known.find((candidate) => candidate === value);
  if (found === undefined) {
    throw invalid(`${label} ${JSON.stringify(value) ?? 'undefined'} is unknown; use one of ${known.join(', ')}`);
  }
  return found;
}

function readProperty(value: unknown, source: AssertionSource, label: string): string {
  if (!PROPERTY_SOURCES.includes(source)) {
    if (value === undefined || value === '') return '';
    throw invalid(`${label} must be empty for ${source}: only header, jsonpath and events rows name a property`);
  }
  const property = readString(value, label, MAX_PROPERTY_LENGTH).trim();
  if (property === '') {
    throw invalid(
      `${label} must not be empty: name the ${source === 'header' ? 'header, like Content-Type' : 'JSONPath, like $.id'}`,
    );
  }
  if (source === 'header' && !HEADER_NAME.test(property)) {
    throw invalid(`${label} "${property}" is not a header name (letters, digits and -, no spaces or colon)`);
  }
  if ((source === 'jsonpath' || source === 'events') && !property.startsWith('$')) {
    throw invalid(`${label} "${property}" must be a JSONPath starting with $, like $.data[0].id`);
  }
  return property;
}

function readValue(value: unknown, operator: AssertionOperator, label: string): string {
  if (operator === 'exists') {
    if (value === undefined || value === '') return '';
    throw invalid(`${label} must be empty for exists, which takes no value`);
  }
  if (value === undefined) throw invalid(`${label} is missing: say what ${operator} compares with`);
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'boolean'
        ? String(value)
        : readString(value, label, MAX_VALUE_LENGTH);
  if (TEMPLATE.test(text)) return text;
  if (operator === 'isType') return oneOf(text, ASSERTION_TYPES, `${label} for isType,`);
  if (NUMERIC_OPERATORS.includes(operator) && numberOf(text) === undefined) {
    throw invalid(
      `${label} must be a number for ${operator} (or a {{variable}} holding one), not ${describeText(text)}`,
    );
  }
  if (operator === 'matches') {
    const { pattern, flags } = assertionPattern(text);
    try {
      new RegExp(pattern, flags);
    } catch (error) {
      throw invalid(`${label} is not a regular expression: ${(error as Error).message}`);
    }
  }
  return text;
}

const describeText = (text: string): string => (text === '' ? 'empty' : JSON.stringify(text));

/** One row, checked field by field; `label` names it in messages (`tests[2]`). */
export function readAssertion(value: unknown, label: string): Assertion {
  const row = readRecord(value, label);
  refuseUnknown(row, FIELDS, label);
  const source = oneOf(row.source, ASSERTION_SOURCES, `${label}.source`);
  const property = readProperty(row.property, source, `${label}.property`);
  const operator = oneOf(row.operator, ASSERTION_OPERATORS, `${label}.operator`);
  const assertion: Assertion = { source, property, operator, value: readValue(row.value, operator, `${label}.value`) };
  if (row.enabled !== undefined && typeof row.enabled !== 'boolean') {
    throw invalid(`${label}.enabled must be true or false, not ${describeType(row.enabled)}`);
  }
  return row.enabled === false ? { ...assertion, enabled: false } : assertion;
}

/**
 * An endpoint's assertion rows as they arrive (from the window, an agent, an imported file), checked row by row;
 * `where` names the list in messages (`tests`). Throws a VALIDATION AppError naming the row and the field.
 */
export function readAssertions(value: unknown, where: string): Assertion[] {
  const rows = readList(value, where);
  if (rows.length > MAX_ASSERTIONS) {
    throw invalid(`${where} has ${rows.length} rows; keep at most ${MAX_ASSERTIONS}, or check the rest in a script`);
  }
  return rows.map((row, index) => readAssertion(row, `${where}[${index}]`));
}
