import type { RunExecution } from '@client/core';
import { fullName, type ReportSource } from './report-source.js';
import { xmlAttribute, xmlCdata } from './xml-text.js';

/** lodash's `upperFirst(camelCase(name))` without its non-word characters, as newman names a test's class. */
function className(name: string): string {
  const words = name.match(/[A-Z]{2,}(?=[A-Z][a-z]+[0-9]*|\b)|[A-Z]?[a-z]+[0-9]*|[A-Z]|[0-9]+/g) ?? [];
  return words
    .map((word) => word.toLowerCase())
    .map((word, index) => (index === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`))
    .join('')
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/\W/g, '');
}

const seconds = (milliseconds: number): string => (milliseconds / 1000).toFixed(3);
const attributes = (values: Record<string, string | number>): string =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`)
    .join('');

interface Suite {
  name: string;
  id: string;
  executions: RunExecution[];
}

/** The executions grouped by request, in the order each request first ran (newman's test suites). */
function suitesOf(executions: readonly RunExecution[]): Suite[] {
  const suites = new Map<string, Suite>();
  for (const execution of executions) {
    const suite = suites.get(execution.item.id) ?? { name: fullName(execution), id: execution.item.id, executions: [] };
    suite.executions.push(execution);
    suites.set(execution.item.id, suite);
  }
  return [...suites.values()];
}

/** newman's system-err text of an execution whose request or scripts failed; undefined when none did. */
function errorText(execution: RunExecution): string | undefined {
  const scriptErrors = execution.scriptErrors ?? [];
  if (execution.error === undefined && scriptErrors.length === 0) return undefined;
  let text = `Iteration: ${execution.iteration}\n`;
  if (execution.error !== undefined) text += `RequestError: ${execution.error.message}\n`;
  text += '\n---\n';
  for (const phase of ['test', 'prerequest'] as const) {
    for (const error of scriptErrors.filter((each) => each.phase === phase)) {
      text += `${phase}ScriptError: ${error.message}\n---\n`;
    }
  }
  return text;
}

function suiteXml(suite: Suite, source: ReportSource, timestamp: string): { xml: string; time: number } {
  let failures = 0;
  let errors = 0;
  let systemErr = '';
  const tests = new Map<string, { message: string }[]>();
  for (const execution of suite.executions) {
    errors += (execution.error === undefined ? 0 : 1) + (execution.scriptErrors?.length ?? 0);
    systemErr += errorText(execution) ?? '';
    for (const assertion of execution.assertions) {
      if (assertion.error === undefined) {
        tests.set(assertion.assertion, []);
        continue;
      }
      failures += 1;
      tests.set(assertion.assertion, [...(tests.get(assertion.assertion) ?? []), assertion.error]);
    }
  }
  const times = suite.executions.map((execution) => execution.response?.responseTime ?? 0);
  const total = times.reduce((sum, time) => sum + time, 0);
  // newman gives every test case the time of the request's last execution.
  const caseTime = seconds(times.at(-1) ?? 0);
  const lastExecution = suite.executions.at(-1);
  const classname = className(suite.name) || className(source.collection.name);
  const cases = [...tests].map(([name, failed]) => {
    const open = `<testcase${attributes({ name, time: caseTime, classname })}`;
    const first = failed[0];
    if (first === undefined) return `    ${open}/>`;
    const details = [
      `Failed ${failed.length} times.`,
      `Collection JSON ID: ${source.collection.id}.`,
      `Collection name: ${source.collection.name}.`,
      `Request name: ${suite.name}.`,
      `Test description: ${name}.`,
      `Error message: ${first.message}.`,
    ];
    return [
      `    ${open}>`,
      `      <failure${attributes({ type: 'AssertionFailure', message: first.message })}>`,
      ...details.map((detail) => `        ${xmlCdata(detail)}`),
      '      </failure>',
      '    </testcase>',
    ].join('\n');
  });
  const open = `  <testsuite${attributes({
    name: suite.name,
    id: suite.id,
    timestamp,
    // As newman: the checks of the request's last execution.
    tests: lastExecution?.assertions.length ?? 0,
    failures,
    errors,
    time: seconds(total / times.length),
  })}`;
  const body = [...(systemErr === '' ? [] : [`    <system-err>${xmlCdata(systemErr)}</system-err>`]), ...cases];
  return { xml: body.length === 0 ? `${open}/>` : [`${open}>`, ...body, '  </testsuite>'].join('\n'), time: total };
}

/**
 * The run as newman's JUnit reporter writes it: a test suite per request (named with its folders), a test case
 * per check, a failure per failed check with its first message, request and script errors in `system-err`.
 */
export function junitReport(source: ReportSource): string {
  const timestamp = new Date(source.result.timings.started).toISOString();
  const suites = suitesOf(source.result.executions).map((suite) => suiteXml(suite, source, timestamp));
  const time = suites.reduce((sum, suite) => sum + suite.time, 0);
  const root = `<testsuites${attributes({
    name: source.collection.name,
    tests: source.result.stats.assertions.total,
    time: seconds(time),
  })}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    suites.length === 0 ? `${root}/>` : [`${root}>`, ...suites.map((suite) => suite.xml), '</testsuites>'].join('\n'),
    '',
  ].join('\n');
}
