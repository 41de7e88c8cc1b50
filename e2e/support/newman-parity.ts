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
      /** newman writes the URL's parts, Client the URL as text. */
      request: { url: string | { path?: string[] } };
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
  /**
   * The path it was sent to, with the values scripts chained into it; absent where newman's report cannot tell
   * (its scripts' sendRequests rewrite the execution's request).
   */
  path?: string;
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

function pathOf(url: Execution['request']['url']): string {
  if (typeof url !== 'string') return `/${(url.path ?? []).join('/')}`;
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

type Execution = JsonReport['run']['executions'][number];

/** Whether the report lists sendRequests right after `own[index]` (the executions that share its cursor). */
function sentRequests(report: JsonReport, own: readonly Execution[], index: number): boolean {
  const at = report.run.executions.indexOf(own[index] as Execution);
  const next = report.run.executions[at + 1];
  return next !== undefined && next !== own[index + 1];
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
    executions: own.map((execution, index) => ({
      iteration: execution.cursor.iteration,
      item: execution.item.name,
      answered: execution.response !== undefined && execution.requestError === undefined,
      ...(sentRequests(report, own, index) ? {} : { path: pathOf(execution.request.url) }),
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

/** Points each v2.1 URL object whose host is `from`'s at `to`: newman sends to those parts, not to the raw text. */
function rehostParts(value: unknown, from: URL, to: URL): void {
  if (Array.isArray(value)) {
    for (const entry of value) rehostParts(entry, from, to);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const url = value as Record<string, unknown>;
  if (typeof url.raw === 'string' && Array.isArray(url.host) && url.host.join('.') === from.hostname) {
    url.protocol = to.protocol.replace(/:$/, '');
    url.host = to.hostname.split('.');
    url.port = to.port;
  }
  for (const entry of Object.values(url)) rehostParts(entry, from, to);
}

/**
 * A copy of a collection file with every `from` (a real host's origin) replaced by `to` (a stand-in's), in URLs
 * written as text and in v2.1 URLs' parts alike, so that no runner reaches the real host.
 */
export function rehosted(source: string, from: string, to: string, name: string): string {
  const collection: unknown = JSON.parse(readFileSync(source, 'utf8').split(from).join(to));
  rehostParts(collection, new URL(from), new URL(to));
  return writeWorkFile(name, JSON.stringify(collection));
}
