import { randomUUID } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { AppError, type LoadResult, type RunOptions, type RunResult, readRunOptions, runPassed } from '@client/core';
import { HttpEngine } from '@client/http';
import { ensureDataDir } from '@client/local';
import {
  cliReport,
  junitReport,
  loadTest,
  newmanJsonReport,
  type RunPlan,
  readDataFile,
  runCollection,
} from '@client/runner';
import { openSecretBox, type SecretBox } from '@client/secrets';
import { openStore, type Store } from '@client/store';
import { readCollection } from '../collections/read-collection.js';
import { refreshLinkedProject } from '../linked/link-project.js';
import { openFileCollection } from '../running/plan-of-file.js';
import { planOfProject } from '../running/plan-of-project.js';
import { APP_VERSION } from '../runtime/app-version.js';
import { storeTokenVault } from '../sending/grant-token-vault.js';
import type { CliOutput } from './cli-output.js';
import { resolveProject } from './collection-import.js';
import type { CliInstall } from './install-location.js';

export type RunReporter = 'cli' | 'json' | 'junit';

export interface RunCliInput {
  /** A saved project's id or name, or a collection file or Bruno folder. */
  target: string;
  folder?: string;
  env?: string;
  data?: string;
  iterations?: number;
  delayMs?: number;
  bail: boolean;
  timeoutMs?: number;
  insecure: boolean;
  reporters: RunReporter[];
  outJson?: string;
  outJunit?: string;
  load?: { connections: number; durationMs: number };
}

/** Exit codes: every check passed, something failed, or the run could not start. */
const PASSED = 0;
const FAILED = 1;
const CANNOT_RUN = 2;

/** What a run goes over: a saved project in the data dir, or a collection file read for this run alone. */
interface RunSource {
  store: Store;
  projectId: string;
  secrets(): Promise<SecretBox>;
  /** Whether the run is kept in the project's runs, as the window's are. */
  keep: boolean;
  close(): Promise<void>;
}

function isPath(target: string): boolean {
  try {
    statSync(target);
    return true;
  } catch {
    return false;
  }
}

async function openSource(install: CliInstall, target: string): Promise<RunSource> {
  if (isPath(target)) {
    const file = await openFileCollection(target);
    return { ...file, keep: false };
  }
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  let box: Promise<SecretBox> | null = null;
  const secrets = () => {
    box ??= openSecretBox({ dataDir: install.dataDir, flavor: install.flavor });
    return box;
  };
  try {
    const projectId = resolveProject(store, target);
    refreshLinkedProject(store, projectId);
    return { store, projectId, secrets, keep: true, close: () => store.close() };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** `--env`: a Postman environment file, or the name (or id) of one of the project's environments. */
async function environmentOf(
  source: RunSource,
  env: string | undefined,
): Promise<{ environmentId?: string; file?: RunPlan['environment'] }> {
  if (env === undefined) return {};
  if (isPath(env)) {
    const plan = await readCollection(env);
    const [environment] = plan.environments;
    if (environment === undefined) throw new AppError('VALIDATION', `${env} holds no environment`);
    return {
      file: {
        id: env,
        name: environment.name,
        variables: environment.variables.map((v) => ({ ...v, secret: v.secret === true })),
      },
    };
  }
  const found = source.store.environments
    .list(source.projectId)
    .filter((environment) => environment.id === env || environment.name.toLowerCase() === env.toLowerCase());
  const [only] = found;
  if (only === undefined || found.length > 1) {
    const names = source.store.environments.list(source.projectId).map((environment) => environment.name);
    throw new AppError(
      'NOT_FOUND',
      `${found.length > 1 ? 'several environments are' : 'no environment is'} named ${env}; the project has ${names.join(', ') || 'none'}`,
    );
  }
  return { environmentId: only.id };
}

async function optionsOf(
  source: RunSource,
  input: RunCliInput,
  environmentId: string | undefined,
): Promise<RunOptions> {
  const data = input.data === undefined ? undefined : readDataFile(await readData(input.data), input.data);
  return readRunOptions({
    projectId: source.projectId,
    folderId: input.folder ?? null,
    environmentId: environmentId ?? null,
    iterations: input.iterations ?? null,
    delayMs: input.delayMs ?? null,
    bail: input.bail,
    timeoutMs: input.timeoutMs ?? null,
    data: data ?? null,
  });
}

async function readData(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new AppError('VALIDATION', `the data file ${path} cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
}

/** The plan as the options say: another environment from a file, TLS unverified with `--insecure`. */
function adjusted(plan: RunPlan, file: RunPlan['environment'] | undefined, insecure: boolean): RunPlan {
  const requests = insecure
    ? plan.requests.map((planned) => ({ ...planned, settings: { ...planned.settings, verifyTls: false } }))
    : plan.requests;
  return { ...plan, requests, ...(file === undefined ? {} : { environment: file }) };
}

function writeReports(output: CliOutput, input: RunCliInput, plan: RunPlan, result: RunResult): void {
  const source = {
    collection: plan.collection,
    environment: plan.environment === null ? null : { id: plan.environment.id, name: plan.environment.name },
    result,
  };
  const json = () => `${JSON.stringify(newmanJsonReport(source), null, 2)}\n`;
  if (input.outJson !== undefined) writeFileSync(input.outJson, json());
  if (input.outJunit !== undefined) writeFileSync(input.outJunit, junitReport(source));
  for (const reporter of input.reporters) {
    if (reporter === 'cli') output.out(cliReport(source));
    if (reporter === 'json' && input.outJson === undefined) output.out(json());
    if (reporter === 'junit' && input.outJunit === undefined) output.out(junitReport(source));
  }
}

function loadText(result: LoadResult): string {
  const { latency } = result;
  const lines = [
    `${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s over ${result.connections} connections: ${result.throughput} per second`,
    `latency p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms`,
    `statuses: ${result.statuses.map(({ status, count }) => `${status} × ${count}`).join(', ') || 'none'}`,
    ...result.errors.map(({ message, count }) => `no answer × ${count}: ${message}`),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * `client run`: runs a saved project (or one of its folders) or a collection file as newman runs a collection, and
 * exits 0 when every check passed and every request got an answer, 1 when something failed, 2 when the run could
 * not start (a file that cannot be read, an unknown project). A project's run is kept with its runs.
 */
export async function runTests(install: CliInstall, input: RunCliInput, output: CliOutput): Promise<number> {
  let source: RunSource;
  let plan: RunPlan;
  let options: RunOptions;
  try {
    source = await openSource(install, input.target);
  } catch (error) {
    return cannotRun(output, error);
  }
  const engine = new HttpEngine({
    userAgent: `Client/${APP_VERSION}`,
    tokens: storeTokenVault(source.store, source.secrets),
    cookies: new Map(),
  });
  try {
    try {
      const environment = await environmentOf(source, input.env);
      options = await optionsOf(source, input, environment.environmentId);
      plan = adjusted(await planOfProject(source.store, source.secrets, options), environment.file, input.insecure);
    } catch (error) {
      return cannotRun(output, error);
    }
    if (input.load !== undefined) {
      let result: LoadResult;
      try {
        result = await loadTest(engine, plan, input.load);
      } catch (error) {
        return cannotRun(output, error);
      }
      output.out(input.reporters.includes('json') ? `${JSON.stringify(result, null, 2)}\n` : loadText(result));
      return result.errors.length === 0 ? PASSED : FAILED;
    }
    const startedAt = new Date().toISOString();
    let result: RunResult;
    try {
      ({ result } = await runCollection(engine, plan, options));
    } catch (error) {
      return cannotRun(output, error);
    }
    if (source.keep) keepRun(source, plan, options, result, startedAt);
    writeReports(output, input, plan, result);
    return runPassed(result.stats) ? PASSED : FAILED;
  } finally {
    await engine.close();
    await source.close();
  }
}

function keepRun(source: RunSource, plan: RunPlan, options: RunOptions, result: RunResult, startedAt: string): void {
  source.store.runs.add(
    {
      id: randomUUID(),
      projectId: source.projectId,
      folderId: options.folderId ?? null,
      environmentId: plan.environment?.id ?? null,
      name: plan.collection.name,
      source: 'cli',
      status: runPassed(result.stats) ? 'passed' : 'failed',
      startedAt,
      finishedAt: new Date().toISOString(),
      iterations: options.iterations,
      requests: result.stats.requests,
      assertions: result.stats.assertions,
    },
    result,
  );
}

function cannotRun(output: CliOutput, error: unknown): number {
  if (!(error instanceof AppError)) throw error;
  output.err(`client: ${error.message}\n`);
  return CANNOT_RUN;
}
