import type { ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './cli-output.js';
import type { RunCliInput, RunReporter } from './run-tests.js';

export const RUN_OPTIONS = {
  folder: { type: 'string' },
  env: { type: 'string' },
  data: { type: 'string' },
  iterations: { type: 'string' },
  delay: { type: 'string' },
  bail: { type: 'boolean' },
  timeout: { type: 'string' },
  insecure: { type: 'boolean' },
  reporter: { type: 'string', multiple: true },
  'out-json': { type: 'string' },
  'out-junit': { type: 'string' },
  load: { type: 'boolean' },
  connections: { type: 'string' },
  duration: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

type Values = ReturnType<typeof parseArgs<{ options: typeof RUN_OPTIONS; allowPositionals: true }>>['values'];

const REPORTERS: readonly RunReporter[] = ['cli', 'json', 'junit'];

function whole(value: string | undefined, option: string, least: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < least) {
    throw new UsageError(`${option} takes a whole number${least > 0 ? ` from ${least}` : ''}, not "${value}"`);
  }
  return Number(value);
}

/** `30s`, `500ms`, `2m`, or a bare number of seconds, as load-testing tools take it. */
function readDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  if (match === null) throw new UsageError(`--duration takes a time such as 30s, 500ms or 2m, not "${value}"`);
  const amount = Number(match[1]);
  return Math.round(amount * (match[2] === 'ms' ? 1 : match[2] === 'm' ? 60_000 : 1000));
}

function reportersOf(values: Values): RunReporter[] {
  const named = (values.reporter ?? []).flatMap((value) => value.split(',')).map((value) => value.trim());
  for (const name of named) {
    if (!REPORTERS.includes(name as RunReporter))
      throw new UsageError(`--reporter must be one of ${REPORTERS.join(', ')}`);
  }
  const reporters = named.length === 0 ? ['cli' as const] : [...new Set(named as RunReporter[])];
  const printing = reporters.filter(
    (reporter) =>
      reporter === 'cli' ||
      (reporter === 'json' && values['out-json'] === undefined) ||
      (reporter === 'junit' && values['out-junit'] === undefined),
  );
  if (printing.length > 1) {
    throw new UsageError(
      `${printing.join(' and ')} would both print; give one of them a file (--out-json FILE, --out-junit FILE)`,
    );
  }
  return reporters;
}

/** `client run`'s options, checked: a usage error names the option and what it takes. */
export function readRunArguments(target: string, values: Values): RunCliInput {
  const load = values.load === true;
  if (!load && (values.connections !== undefined || values.duration !== undefined)) {
    throw new UsageError('--connections and --duration go with --load');
  }
  const optional = <K extends keyof RunCliInput>(key: K, value: RunCliInput[K] | undefined) =>
    value === undefined ? {} : { [key]: value };
  return {
    target,
    ...optional('folder', values.folder),
    ...optional('env', values.env),
    ...optional('data', values.data),
    ...optional('iterations', whole(values.iterations, '--iterations', 1)),
    ...optional('delayMs', whole(values.delay, '--delay', 0)),
    bail: values.bail === true,
    ...optional('timeoutMs', whole(values.timeout, '--timeout', 1)),
    insecure: values.insecure === true,
    reporters: reportersOf(values),
    ...optional('outJson', values['out-json']),
    ...optional('outJunit', values['out-junit']),
    ...(load
      ? {
          load: {
            connections: whole(values.connections, '--connections', 1) ?? 10,
            durationMs: values.duration === undefined ? 10_000 : readDuration(values.duration),
          },
        }
      : {}),
  };
}
