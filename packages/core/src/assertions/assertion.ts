/**
 * An assertion row of an endpoint's Tests tab: `expression operator value`, checked against every response the
 * endpoint gets (a Send, a run). Bruno's `assert` block holds the same rows (`res.status: eq 200`).
 */

/** What a row reads of the response. */
export const ASSERTION_SOURCES = ['status', 'header', 'jsonpath', 'responseTime', 'size', 'body', 'events'] as const;
export type AssertionSource = (typeof ASSERTION_SOURCES)[number];

/**
 * The sources that name something in `property`: a header's name, a JSONPath into the JSON body, a JSONPath into
 * a streamed answer's events (`$.length`, `$[0].data.choices[0].delta.content`; each event's data parsed when JSON).
 */
export const PROPERTY_SOURCES: readonly AssertionSource[] = ['header', 'jsonpath', 'events'];

/**
 * How the actual value is compared with the row's value. `eq`…`lte` compare numbers as numbers when both sides
 * are numbers; `contains` looks for the value in a text or among an array's items; `matches` tests a regular
 * expression; `exists` needs no value; `isType` names a JSON type; `length` compares a text's or an array's length.
 */
export const ASSERTION_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'matches',
  'exists',
  'isType',
  'length',
] as const;
export type AssertionOperator = (typeof ASSERTION_OPERATORS)[number];

/** The operators that take no value. */
export const VALUELESS_OPERATORS: readonly AssertionOperator[] = ['exists'];

/** The types `isType` can name, as JSON has them. */
export const ASSERTION_TYPES = ['string', 'number', 'boolean', 'object', 'array', 'null'] as const;
export type AssertionType = (typeof ASSERTION_TYPES)[number];

export interface Assertion {
  source: AssertionSource;
  /**
   * The header's name (any case) for `header`, a JSONPath starting with `$` for `jsonpath` and `events`; '' for the
   * others.
   */
  property: string;
  operator: AssertionOperator;
  /**
   * What the actual value is compared with, as typed; `{{variables}}` in it are resolved before the row is
   * checked. '' for `exists`; a type name for `isType`.
   */
  value: string;
  /** As `KeyValue.enabled`: false keeps the row without checking it; absent means on. */
  enabled?: boolean;
}
