import { expect } from 'vitest';
import type { ExecutionVerdicts, JunitCase, RunVerdicts, Verdict } from './newman-parity.js';

/** The requests a difference is about: one name, or every name a pattern matches. */
type Items = string | RegExp;

/**
 * A way Client deliberately differs from newman on some requests (README, "Differences from newman"): one of their
 * assertions ends otherwise, the request is answered in one and not the other (its assertions are then only
 * counted, and must fail in Client), Client lists its assertions in the order they were declared, or its scripts
 * fail in one and not the other.
 */
export type Difference = { item: Items; why: string } & (
  | { assertion: string; newman: Verdict['verdict']; client: Verdict['verdict'] }
  | { answered: { newman: boolean; client: boolean } }
  | { order: 'declared' }
  | { scriptErrors: { newman: ExecutionVerdicts['scriptErrors']; client: ExecutionVerdicts['scriptErrors'] } }
);

/**
 * Client trims and squashes the whitespace of names on import (the store's rule for every name), so a request
 * Postman calls "GET Request " is "GET Request" in Client's reports.
 */
const nameOf = (name: string) => name.replace(/\s+/g, ' ').trim();

const matches = (items: Items, item: string) => (typeof items === 'string' ? nameOf(items) === item : items.test(item));

function differenceOf<K extends 'assertion' | 'answered' | 'order' | 'scriptErrors'>(
  differences: readonly Difference[],
  kind: K,
  item: string,
  assertion?: string,
): Extract<Difference, Record<K, unknown>> | undefined {
  return differences.find(
    (difference): difference is Extract<Difference, Record<K, unknown>> =>
      kind in difference &&
      matches(difference.item, item) &&
      (assertion === undefined || ('assertion' in difference && difference.assertion === assertion)),
  );
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** What stands for each assertion of a request that one runner got no answer to (its names may carry the answer). */
const UNANSWERED: Verdict = { name: '(no answer)', verdict: 'failed' };

/** newman's verdict of one assertion as Client should give it: the same, or the declared difference's. */
function expectedVerdict(differences: readonly Difference[], item: string, verdict: Verdict): Verdict {
  const difference = differenceOf(differences, 'assertion', item, verdict.name);
  if (difference === undefined) return verdict;
  expect(verdict.verdict, `newman's verdict of ${item} › ${verdict.name} (${difference.why})`).toBe(difference.newman);
  // A declared difference's message is the other runner's own (a JavaScript engine's, or a missing answer's).
  return { name: verdict.name, verdict: difference.client };
}

function sortedIf<T extends { name: string }>(sort: boolean, list: T[]): T[] {
  return sort ? [...list].sort(byName) : list;
}

function expectedExecution(differences: readonly Difference[], execution: ExecutionVerdicts): ExecutionVerdicts {
  const item = nameOf(execution.item);
  const answer = differenceOf(differences, 'answered', item);
  if (answer !== undefined) expect(execution.answered, answer.why).toBe(answer.answered.newman);
  const scripts = differenceOf(differences, 'scriptErrors', item);
  if (scripts !== undefined) expect(execution.scriptErrors, scripts.why).toEqual(scripts.scriptErrors.newman);
  const assertions =
    answer === undefined
      ? execution.assertions.map((verdict) => expectedVerdict(differences, item, verdict))
      : execution.assertions.map(() => UNANSWERED);
  return {
    iteration: execution.iteration,
    item,
    answered: answer === undefined ? execution.answered : answer.answered.client,
    // A request one runner did not send has no path to compare.
    ...(answer === undefined ? (execution.path === undefined ? {} : { path: execution.path }) : { path: '(not sent)' }),
    scriptErrors: scripts === undefined ? execution.scriptErrors : scripts.scriptErrors.client,
    assertions: sortedIf(differenceOf(differences, 'order', item) !== undefined, assertions),
  };
}

/** Client's execution in the comparison's terms: messages only where the expected one has one. */
function comparable(
  differences: readonly Difference[],
  execution: ExecutionVerdicts,
  expected: ExecutionVerdicts | undefined,
): ExecutionVerdicts {
  const unanswered = differenceOf(differences, 'answered', execution.item) !== undefined;
  const assertions = sortedIf(differenceOf(differences, 'order', execution.item) !== undefined, execution.assertions);
  const { path, ...rest } = execution;
  return {
    ...rest,
    ...(unanswered ? { path: '(not sent)' } : expected?.path === undefined || path === undefined ? {} : { path }),
    assertions: assertions.map((verdict, index) => {
      if (unanswered) return { name: UNANSWERED.name, verdict: verdict.verdict };
      return expected?.assertions[index]?.message === undefined
        ? { name: verdict.name, verdict: verdict.verdict }
        : verdict;
    }),
  };
}

function failedCount(executions: readonly ExecutionVerdicts[]): number {
  return executions.flatMap((execution) => execution.assertions).filter((verdict) => verdict.verdict === 'failed')
    .length;
}

const itemOfSuite = (suite: string) => nameOf(suite.split(' / ').at(-1) ?? '');

/** A JUnit test case as it compares: the suite's names trimmed, a declared difference's verdict. */
function junitExpected(differences: readonly Difference[], testcase: JunitCase): JunitCase {
  const item = itemOfSuite(testcase.suite);
  const suite = testcase.suite.split(' / ').map(nameOf).join(' / ');
  if (differenceOf(differences, 'answered', item) !== undefined) return { suite, name: UNANSWERED.name, failed: true };
  const difference = differenceOf(differences, 'assertion', item, testcase.name);
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
    const sort = differenceOf(differences, 'order', itemOfSuite(suite)) !== undefined;
    out.push(...sortedIf(sort, cases.slice(start, end)));
    start = end;
  }
  return out;
}

/**
 * Client's run gives newman's verdicts: the same requests in the same order, each assertion with the same name and
 * verdict (and chai's message when it failed), the same scripts failing, the same counts, and JUnit reports with the
 * same test cases — but for the declared differences, each of which must show (a difference that no longer happens
 * is stale).
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
  const clientCases = client.junit.map((testcase) =>
    differenceOf(differences, 'answered', itemOfSuite(testcase.suite)) === undefined
      ? testcase
      : { ...testcase, name: UNANSWERED.name },
  );
  expect(junitComparable(differences, clientCases)).toEqual(
    junitComparable(
      differences,
      newman.junit.map((testcase) => junitExpected(differences, testcase)),
    ),
  );
  expect(client.exitCode).toBe(client.stats.assertions.failed > 0 || unanswered > 0 ? 1 : 0);
}
