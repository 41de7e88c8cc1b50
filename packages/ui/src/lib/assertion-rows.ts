import {
  type Assertion,
  type AssertionOperator,
  type AssertionSource,
  PROPERTY_SOURCES,
  readAssertion,
  VALUELESS_OPERATORS,
} from '@client/core';

/** What a person reads in the source list: the words of the Tests tab, not the saved names. */
export const SOURCE_LABELS: Record<AssertionSource, string> = {
  status: 'Status',
  header: 'Header',
  jsonpath: 'JSONPath',
  responseTime: 'Response time',
  size: 'Body size',
  body: 'Body',
  events: 'Stream events',
};

export const OPERATOR_LABELS: Record<AssertionOperator, string> = {
  eq: 'equals',
  neq: 'does not equal',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  contains: 'contains',
  matches: 'matches',
  exists: 'exists',
  isType: 'is of type',
  length: 'has length',
};

/** The row a person starts from: the check almost every request wants. */
export function newAssertion(): Assertion {
  return { source: 'status', property: '', operator: 'eq', value: '200' };
}

/** Whether the source names a header or a JSONPath in `property`. */
export const takesProperty = (source: AssertionSource): boolean => PROPERTY_SOURCES.includes(source);

/** Whether the operator compares with a value (every one but `exists`). */
export const takesValue = (operator: AssertionOperator): boolean => !VALUELESS_OPERATORS.includes(operator);

/** The row reading another source: a property only where the source takes one, a JSONPath started with `$.`. */
export function withSource(row: Assertion, source: AssertionSource): Assertion {
  if (!takesProperty(source)) return { ...row, source, property: '' };
  const kept = takesProperty(row.source) && row.source === source ? row.property : '';
  const start = source === 'jsonpath' ? '$.' : source === 'events' ? '$' : '';
  return { ...row, source, property: kept === '' ? start : kept };
}

/** The row with another operator; `exists` drops the value, which it would refuse. */
export function withOperator(row: Assertion, operator: AssertionOperator): Assertion {
  return { ...row, operator, value: takesValue(operator) ? row.value : '' };
}

const FIELD = /^This row\.(source|property|operator|value|enabled)\b/;

/**
 * Why saving would refuse the row, in the words core's reader uses (`value must be a number for gt…`), or null
 * when it would keep it: shown under the row as it is typed, before Save or Send meets it.
 */
export function rowProblem(row: Assertion): string | null {
  try {
    readAssertion(row, 'This row');
    return null;
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught);
    return message.replace(FIELD, (_whole, field: string) => `The ${field}`);
  }
}
