import { invalid, readBoolean, readList, readRecord, readString, readWhole, refuseUnknown } from '../field-readers.js';

/** One iteration's data (a CSV row, an object of a JSON array): each column becomes a variable for that iteration. */
export type DataRow = Record<string, unknown>;

export const RUN_LIMITS = {
  maxIterations: 10_000,
  maxDelayMs: 600_000,
  maxTimeoutMs: 600_000,
  maxDataRows: 100_000,
  maxOrder: 10_000,
} as const;

/** How a project or a folder is run, defaults filled in. */
export interface RunOptions {
  projectId: string;
  /** Run the endpoints at or below this folder; absent: the whole project. */
  folderId?: string;
  /** Resolve variables in this environment; absent: the project's active one (none when it has none). */
  environmentId?: string;
  /** How many times every request runs; given none, one per data row, else 1. */
  iterations: number;
  /** Milliseconds to wait between two requests; 0 by default. */
  delayMs: number;
  /** Stop at the first failure (a failed check, a request without response, a script error). */
  bail: boolean;
  /** Milliseconds each request may take; absent: each endpoint's own settings. */
  timeoutMs?: number;
  /** Iteration data: iteration i uses row i (the last row when there are more iterations than rows). */
  data?: DataRow[];
  /** Ids of the endpoints to run, in this order; absent: every endpoint in tree order. */
  order?: string[];
}

const FIELDS = [
  'projectId',
  'folderId',
  'environmentId',
  'iterations',
  'delayMs',
  'bail',
  'timeoutMs',
  'data',
  'order',
] as const;
const MAX_ID_LENGTH = 200;

/** `null` means absent, as elsewhere in the app's JSON. */
const given = (value: unknown): boolean => value !== undefined && value !== null;

function readId(value: unknown, label: string): string {
  const id = readString(value, label, MAX_ID_LENGTH).trim();
  if (id === '') throw invalid(`${label} must not be empty`);
  return id;
}

function readData(value: unknown): DataRow[] {
  const rows = readList(value, 'data');
  if (rows.length > RUN_LIMITS.maxDataRows) {
    throw invalid(`data has ${rows.length} rows; a run takes at most ${RUN_LIMITS.maxDataRows}`);
  }
  return rows.map((row, index) => ({ ...readRecord(row, `data[${index}]`) }));
}

function readOrder(value: unknown): string[] {
  const ids = readList(value, 'order');
  if (ids.length > RUN_LIMITS.maxOrder)
    throw invalid(`order names ${ids.length} endpoints; at most ${RUN_LIMITS.maxOrder}`);
  const order = ids.map((id, index) => readId(id, `order[${index}]`));
  const twice = order.find((id, index) => order.indexOf(id) !== index);
  if (twice !== undefined) throw invalid(`order names endpoint ${twice} twice; name each endpoint once`);
  return order;
}

/**
 * The options of a run as they arrive (the window's API, `POST /agent/run`), checked field by field with unknown
 * fields refused. Throws a VALIDATION AppError naming the field.
 */
export function readRunOptions(value: unknown): RunOptions {
  const input = readRecord(value, 'the run options');
  refuseUnknown(input, FIELDS, 'the run options');
  const data = given(input.data) ? readData(input.data) : undefined;
  const options: RunOptions = {
    projectId: readId(input.projectId, 'projectId'),
    iterations: given(input.iterations)
      ? readWhole(input.iterations, 'iterations', 1, RUN_LIMITS.maxIterations)
      : Math.max(1, Math.min(data?.length ?? 1, RUN_LIMITS.maxIterations)),
    delayMs: given(input.delayMs) ? readWhole(input.delayMs, 'delayMs', 0, RUN_LIMITS.maxDelayMs) : 0,
    bail: given(input.bail) ? readBoolean(input.bail, 'bail') : false,
  };
  if (given(input.folderId)) options.folderId = readId(input.folderId, 'folderId');
  if (given(input.environmentId)) options.environmentId = readId(input.environmentId, 'environmentId');
  if (given(input.timeoutMs)) options.timeoutMs = readWhole(input.timeoutMs, 'timeoutMs', 1, RUN_LIMITS.maxTimeoutMs);
  if (data !== undefined) {
    if (data.length === 0) throw invalid('data holds no rows; give at least one, or leave data out');
    options.data = data;
  }
  if (given(input.order)) options.order = readOrder(input.order);
  return options;
}

/** The row an iteration uses: its own, or the last one when there are more iterations than rows (as newman). */
export function dataRowOf(data: readonly DataRow[] | undefined, iteration: number): DataRow {
  if (data === undefined || data.length === 0) return {};
  return data[Math.min(iteration, data.length - 1)] ?? {};
}
