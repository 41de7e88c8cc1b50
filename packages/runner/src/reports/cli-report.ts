import { type RunCount, runPassed } from '@client/core';
import { fullName, type ReportSource } from './report-source.js';

const ROWS: [label: string, key: 'iterations' | 'requests' | 'testScripts' | 'prerequestScripts' | 'assertions'][] = [
  ['iterations', 'iterations'],
  ['requests', 'requests'],
  ['test-scripts', 'testScripts'],
  ['prerequest-scripts', 'prerequestScripts'],
  ['assertions', 'assertions'],
];

/**
 * Text from the run (names, messages, a server's words) without control characters: an escape sequence in a
 * response must not recolour or rewrite the person's terminal.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const printable = (text: string): string => text.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '\uFFFD');

const milliseconds = (value: number): string => `${Math.round(value)} ms`;

function duration(value: number): string {
  if (value < 1000) return milliseconds(value);
  if (value < 60_000) return `${(value / 1000).toFixed(1)} s`;
  return `${Math.floor(value / 60_000)} min ${Math.round((value % 60_000) / 1000)} s`;
}

function bytes(value: number): string {
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${(value / 1024 / 1024).toFixed(1)} MiB`;
}

/** The counts as a table, newman's rows in newman's order. */
function countsTable(counts: Record<(typeof ROWS)[number][1], RunCount>): string[] {
  const width = 20;
  const line = (left: string, middle: string, right: string) =>
    `${left}${'─'.repeat(width + 2)}${middle}${'─'.repeat(10)}${middle}${'─'.repeat(10)}${right}`;
  const row = (label: string, executed: string, failed: string) =>
    `│ ${label.padEnd(width)} │ ${executed.padStart(8)} │ ${failed.padStart(8)} │`;
  return [
    line('┌', '┬', '┐'),
    row('', 'executed', 'failed'),
    line('├', '┼', '┤'),
    ...ROWS.map(([label, key]) => row(label, String(counts[key].total), String(counts[key].failed))),
    line('└', '┴', '┘'),
  ];
}

/** Each failure: what failed, where (request and iteration), and its message. */
function failureLines(source: ReportSource): string[] {
  const many = source.result.stats.iterations.total > 1;
  const failures = source.result.executions.flatMap((execution) => {
    const where = `${fullName(execution)}${many ? `, iteration ${execution.iteration + 1}` : ''}`;
    return [
      ...(execution.scriptErrors ?? []).map((error) => ({
        kind: `${error.phase}-script error`,
        where: `${where} (${error.level} script)`,
        detail: [error.message],
      })),
      ...(execution.error === undefined
        ? []
        : [
            {
              kind: 'request error',
              where,
              detail: [`${execution.request.method} ${execution.request.url}`, execution.error.message],
            },
          ]),
      ...execution.assertions.flatMap((assertion) =>
        assertion.error === undefined
          ? []
          : [{ kind: assertion.error.name, where, detail: [assertion.assertion, assertion.error.message] }],
      ),
    ];
  });
  if (failures.length === 0) return [];
  const number = (index: number) => `${index + 1}.`.padStart(String(failures.length).length + 1);
  const indent = ' '.repeat(String(failures.length).length + 2);
  return [
    '',
    `${failures.length} failure${failures.length === 1 ? '' : 's'}:`,
    ...failures.flatMap((failure, index) => [
      `${number(index)} ${failure.kind} in ${printable(failure.where)}`,
      ...failure.detail.flatMap((text) => printable(text).split('\n')).map((text) => `${indent}${text}`),
    ]),
  ];
}

/**
 * The run as a person reads it in a terminal (`--reporter cli`): the verdict, newman's table of counts, the
 * timings, then each failure with the request it happened in and its message.
 */
export function cliReport(source: ReportSource): string {
  const { stats, timings, executions } = source.result;
  const received = executions.reduce((total, execution) => total + (execution.response?.size ?? 0), 0);
  const answered = executions.some((execution) => execution.response !== undefined);
  return [
    printable(
      `${source.collection.name}${source.environment === null ? '' : ` (${source.environment.name})`}: ${runPassed(stats) ? 'passed' : 'failed'}`,
    ),
    '',
    ...countsTable(stats),
    `total run duration: ${duration(timings.completed - timings.started)}`,
    `total data received: ${bytes(received)}`,
    ...(answered
      ? [
          `average response time: ${milliseconds(timings.responseAverage)} [min: ${milliseconds(timings.responseMin)}, max: ${milliseconds(timings.responseMax)}, s.d.: ${milliseconds(timings.responseSd)}]`,
        ]
      : []),
    ...failureLines(source),
    '',
  ].join('\n');
}
