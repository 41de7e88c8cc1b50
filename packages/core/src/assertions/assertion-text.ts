import { type Assertion, VALUELESS_OPERATORS } from './assertion.js';

/**
 * A row as one line, `status eq 200` or `jsonpath $.id isType number`: the assertion's name in results and
 * reports, so the same row reads the same in the window, the JSON report and JUnit.
 */
export function assertionText(assertion: Assertion): string {
  const parts: string[] = [assertion.source];
  if (assertion.property !== '') parts.push(assertion.property);
  parts.push(assertion.operator);
  // An empty value is still a value (`body eq ""`: the body is empty), written so it can be seen.
  if (!VALUELESS_OPERATORS.includes(assertion.operator)) parts.push(assertion.value === '' ? '""' : assertion.value);
  return parts.join(' ');
}
