import { expect } from 'vitest';
import type { ExecutionVerdicts, JunitCase, RunVerdicts, Verdict } from './newman-parity.js';

/**
 * A way Client deliberately differs from newman on one request (README, "Differences from newman"): either one of
 * its assertions ends otherwise, or the request itself is answered in one and not the other.
 */
export type Difference =
  | {
      item: string;
      assertion: string;
      newman: Verdict['verdict'];
      client: Verdict['verdict'];
      why: string;
    }
  | { item: string; answered: { newman: boolean; client: boolean }; why: string }
  | { item: string; order: 'declared'; why: string };

/**
 * Client trims and squashes the whitespace of names on import (the store's rule for every name), so a request
 * Postman calls "GET Request " is "GET Request" in Client's reports.
 */
const nameOf = (name: string) => name.replace(/\s+/g, ' ').trim();

function assertionDifference(differences: readonly Difference[], item: string, assertion: string) {
  return differences.find(
    (difference): difference is Extract<Difference, { assertion: string }> =>
      'assertion' in difference && nameOf(difference.item) === item && difference.assertion === assertion,
  );
}

/** Whether Client lists the item's assertions in another order than newman (then both are compared sorted). */
function inOtherOrder(differences: readonly Difference[], item: string): boolean {
  return differences.some((difference) => 'order' in difference && nameOf(difference.item) === item);
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function answerDifference(differences: readonly Difference[], item: string) {
  return differences.find(
    (difference): difference is Extract<Difference, { answered: object }> =>
      'answered' in difference && nameOf(difference.item) === item,
  );
}

/** newman's verdict of one assertion as Client should give it: the same, or the declared difference's. */
function expectedVerdict(differences: readonly Difference[], item: string, verdict: Verdict): Verdict {
  const difference = assertionDifference(differences, item, verdict.name);
  if (difference === undefined) return verdict;
  expect(verdict.verdict, `newman's verdict of ${item} › ${verdict.name} (${difference.why})`).toBe(difference.newman);
  // A declared difference's message is the other runner's own (a JavaScript engine's, or a missing answer's).
  return { name: verdict.name, verdict: difference.client };
}

function expectedExecution(differences: readonly Difference[], execution: ExecutionVerdicts): ExecutionVerdicts {
  const item = nameOf(execution.item);
  const answer = answerDifference(differences, item);
  if (answer !== undefined) expect(execution.answered, answer.why).toBe(answer.answered.newman);
  return {
    iteration: execution.iteration,
    item,
    answered: answer === undefined ? execution.answered : answer.answered.client,
    assertions: sortedIf(
      inOtherOrder(differences, item),
      execution.assertions.map((verdict) => expectedVerdict(differences, item, verdict)),
    ),
  };
}

function sortedIf<T extends { name: string }>(sort: boolean, list: T[]): T[] {
  return sort ? [...list].sort(byName) : list;
}

/** Client's execution in the comparison's terms: messages only where the expected one has one. */
function comparable(
  differences: readonly Difference[],
  execution: ExecutionVerdicts,
  expected: ExecutionVerdicts | undefined,
): ExecutionVerdicts {
  return {
    ...execution,
    assertions: sortedIf(inOtherOrder(differences, execution.item), execution.assertions).map((verdict, index) =>
      expected?.assertions[index]?.message === undefined ? { name: verdict.name, verdict: verdict.verdict } : verdict,
    ),
  };
}

function failedCount(executions: readonly ExecutionVerdicts[]): number {
  return executions.flatMap((execution) => execution.assertions).filter((verdict) => verdict.verdict === 'failed')
    .length;
}

function junitExpected(differences: readonly Difference[], testcase: JunitCase): JunitCase {
  const item = nameOf(testcase.suite.split(' / ').at(-1) ?? '');
  const difference = assertionDifference(differences, item, testcase.name);
  const suite = testcase.suite.split(' / ').map(nameOf).join(' / ');
  return {
    suite,
    name: testcase.name,
    failed: difference === undefined ? testcase.failed : difference.client === 'failed',
  };
}

/** JUnit test cases, each suite's sorted by name where Client lists that item's assertions in another order. */
function junitComparable(differences: readonly Difference[], cases: readonly JunitCase[]): JunitCase[] {
  const out: JunitCase[] = [];
  for (let start = 0; start < cases.length; ) {
    const suite = cases[start]?.suite ?? '';
    let end = start;
    while (end < cases.length && cases[end]?.suite === suite) end++;
    out.push(...sortedIf(inOtherOrder(differences, nameOf(suite.split(' / ').at(-1) ?? '')), cases.slice(start, end)));
    start = end;
  }
  return out;
}

/**
 * Client's run gives newman's verdicts: the same requests in the same order, each assertion with the same name and
 * verdict (and chai's message when it failed), the same counts, and JUnit reports with the same test cases — but
 * for the declared differences, each of which must show (a difference that no longer happens is stale).
 */
export function expectSameVerdicts(newman: RunVerdicts, client: RunVerdicts, differences: readonly Difference[] = []) {
  const expected = newman.executions.map((execution) => expectedExecution(differences, execution));
  expect(client.executions.map((execution, index) => comparable(differences, execution, expected[index]))).toEqual(
    expected,
  );
  const flips = failedCount(expected) - failedCount(newman.executions);
  const unanswered = expected.filter((execution) => !execution.answered).length;
  expect(client.stats).toEqual({
    iterations: newman.stats.iterations,
    // newman counts the requests scripts sent with pm.sendRequest; Client counts the collection's own.
    requests: { total: newman.stats.requests.total - newman.sentByScripts, failed: unanswered },
    assertions: { total: newman.stats.assertions.total, failed: newman.stats.assertions.failed + flips },
  });
  expect(newman.stats.requests.failed).toBe(newman.executions.filter((execution) => !execution.answered).length);
  expect(junitComparable(differences, client.junit)).toEqual(
    junitComparable(
      differences,
      newman.junit.map((testcase) => junitExpected(differences, testcase)),
    ),
  );
  expect(client.exitCode).toBe(client.stats.assertions.failed > 0 || unanswered > 0 ? 1 : 0);
}
