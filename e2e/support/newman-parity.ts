import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import newman from 'newman';
import { runClientCommand } from './app-process.js';

/** What a run is given, alike for newman and for `client run`. */
export interface ParityRun {
  collection: string;
  data?: string;
  environment?: string;
  iterations?: number;
}

interface ReportAssertion {
  assertion: string;
  skipped?: boolean;
  error?: { name?: string; message: string };
}

interface JsonReport {
  run: {
    stats: Record<'iterations' | 'requests' | 'assertions', { total: number; failed: number }>;
    executions: {
      item: { name: string };
      cursor: { iteration: number; ref?: string };
      response?: { code: number };
      requestError?: { message: string };
      assertions?: ReportAssertion[];
      prerequestScript?: { error?: unknown }[];
      testScript?: { error?: unknown }[];
    }[];
  };
}

/** One assertion's verdict: its name, and how it ended. */
export interface Verdict {
  name: string;
  verdict: 'passed' | 'failed' | 'skipped';
  message?: string;
}

/** One request as it ran: which, in which iteration, whether it got an answer, and its assertions' verdicts. */
export interface ExecutionVerdicts {
  iteration: number;
  item: string;
  answered: boolean;
  /** The kinds of script around it that failed (threw, or did not parse). */
  scriptErrors: ('prerequest' | 'test')[];
  assertions: Verdict[];
}

/** What a runner said of one collection: the verdicts and counts the comparison reads, both reports as written. */
export interface RunVerdicts {
  executions: ExecutionVerdicts[];
  /**
   * newman lists each `pm.sendRequest` of a script as one more execution of the item that sent it (with the item's
   * cursor), and counts it in `stats.requests`; these are left out of `executions` and counted here.
   */
  sentByScripts: number;
  stats: JsonReport['run']['stats'];
  junit: JunitCase[];
  exitCode?: number | null;
}

/** A testcase of a JUnit report: its suite's name, its own, and whether it failed. */
export interface JunitCase {
  suite: string;
  name: string;
  failed: boolean;
}

function verdictOf(assertion: ReportAssertion): Verdict {
  if (assertion.skipped === true) return { name: assertion.assertion, verdict: 'skipped' };
  if (assertion.error === undefined) return { name: assertion.assertion, verdict: 'passed' };
  return { name: assertion.assertion, verdict: 'failed', message: assertion.error.message };
}

function verdictsOf(report: JsonReport): Pick<RunVerdicts, 'executions' | 'stats' | 'sentByScripts'> {
  const { stats } = report.run;
  // A request run again (setNextRequest) has a cursor of its own; a sendRequest's execution repeats its item's.
  const own = report.run.executions.filter(
    (execution, index, all) =>
      execution.cursor.ref === undefined || all[index - 1]?.cursor.ref !== execution.cursor.ref,
  );
  return {
    stats: {
      iterations: { total: stats.iterations.total, failed: stats.iterations.failed },
      requests: { total: stats.requests.total, failed: stats.requests.failed },
      assertions: { total: stats.assertions.total, failed: stats.assertions.failed },
    },
    sentByScripts: report.run.executions.length - own.length,
    executions: own.map((execution) => ({
      iteration: execution.cursor.iteration,
      item: execution.item.name,
      answered: execution.response !== undefined && execution.requestError === undefined,
      scriptErrors: (['prerequest', 'test'] as const).filter((phase) =>
        (execution[phase === 'test' ? 'testScript' : 'prerequestScript'] ?? []).some((run) => run.error !== undefined),
      ),
      assertions: (execution.assertions ?? []).map(verdictOf),
    })),
  };
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Every testcase of a JUnit file, in order, parsed by an XML parser. */
function junitCases(xml: string): JunitCase[] {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
  return asList(parsed.testsuites?.testsuite).flatMap((suite: Record<string, unknown>) =>
    asList(suite.testcase as Record<string, unknown> | Record<string, unknown>[]).map((testcase) => ({
      suite: String(suite.name),
      name: String(testcase.name),
      failed: testcase.failure !== undefined || testcase.error !== undefined,
    })),
  );
}

const work = mkdtempSync(join(tmpdir(), 'client-parity-'));
let runs = 0;

/** Runs the collection with newman 6, in this process, with its JSON and JUnit reporters writing files. */
export async function runNewman(run: ParityRun): Promise<RunVerdicts> {
  const id = ++runs;
  const json = join(work, `newman-${id}.json`);
  const junit = join(work, `newman-${id}.xml`);
  await new Promise<void>((resolve, reject) =>
    newman.run(
      {
        collection: run.collection,
        ...(run.environment === undefined ? {} : { environment: run.environment }),
        ...(run.data === undefined ? {} : { iterationData: run.data }),
        ...(run.iterations === undefined ? {} : { iterationCount: run.iterations }),
        timeoutRequest: 10_000,
        reporters: ['json', 'junit'],
        reporter: { json: { export: json }, junit: { export: junit } },
      },
      (error) => (error === null ? resolve() : reject(error)),
    ),
  );
  return { ...verdictsOf(JSON.parse(readFileSync(json, 'utf8'))), junit: junitCases(readFileSync(junit, 'utf8')) };
}

/** Runs the collection with `client run`, its JSON and JUnit reports written to files. */
export async function runClient(run: ParityRun, dataDir: string): Promise<RunVerdicts> {
  const id = ++runs;
  const json = join(work, `client-${id}.json`);
  const junit = join(work, `client-${id}.xml`);
  const args = ['run', run.collection, '--timeout', '10000', '--out-json', json, '--out-junit', junit];
  if (run.environment !== undefined) args.push('--env', run.environment);
  if (run.data !== undefined) args.push('--data', run.data);
  if (run.iterations !== undefined) args.push('--iterations', String(run.iterations));
  const result = await runClientCommand(args, { dataDir, timeoutMs: 60_000 });
  if (result.code === 2) throw new Error(`client run could not run ${run.collection}: ${result.stderr}`);
  return {
    ...verdictsOf(JSON.parse(readFileSync(json, 'utf8'))),
    junit: junitCases(readFileSync(junit, 'utf8')),
    exitCode: result.code,
  };
}

/** A file in this module's temporary folder, written with `text`. */
export function writeWorkFile(name: string, text: string): string {
  const file = join(work, name);
  writeFileSync(file, text);
  return file;
}

/** A copy of a collection file with every `from` (a real host) replaced by `to` (a stand-in's origin). */
export function rehosted(source: string, from: string, to: string, name: string): string {
  return writeWorkFile(name, readFileSync(source, 'utf8').split(from).join(to));
}
