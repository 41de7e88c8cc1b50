import type { LoadRequest, RunRequest } from '../api/types.js';
import { type OrderEntry, orderOption } from './run-order.js';

/** The runner's options as the form holds them: numbers as typed, '' for the default. */
export interface RunSetup {
  environmentId: string | null;
  iterations: string;
  delayMs: string;
  timeoutMs: string;
  bail: boolean;
  dataFile: { name: string; text: string } | null;
  entries: OrderEntry[];
}

export interface LoadSetup {
  connections: string;
  durationSeconds: string;
}

export type Built<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A whole number typed into a field, within bounds; undefined for an empty field. */
function wholeNumber(text: string, label: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || value < min || value > max) {
    throw new Error(`${label} must be a whole number from ${min} to ${max.toLocaleString('en')}`);
  }
  return value;
}

function built<T>(make: () => T): Built<T> {
  try {
    return { ok: true, value: make() };
  } catch (caught) {
    return { ok: false, problem: caught instanceof Error ? caught.message : String(caught) };
  }
}

/** What the included requests would send, or why the form cannot start: nothing chosen, a number out of range. */
export function buildRunRequest(
  target: { projectId: string; folderId: string | null },
  setup: RunSetup,
  defaultOrder: readonly OrderEntry[],
): Built<RunRequest> {
  return built(() => {
    const order = orderOption(setup.entries, defaultOrder);
    if (order !== undefined && order.length === 0) throw new Error('Tick at least one request to run');
    const iterations = wholeNumber(setup.iterations, 'Iterations', 1, 10_000);
    const delayMs = wholeNumber(setup.delayMs, 'Delay', 0, 600_000);
    const timeoutMs = wholeNumber(setup.timeoutMs, 'Timeout', 1, 600_000);
    return {
      projectId: target.projectId,
      ...(target.folderId === null ? {} : { folderId: target.folderId }),
      ...(setup.environmentId === null ? {} : { environmentId: setup.environmentId }),
      ...(iterations === undefined ? {} : { iterations }),
      ...(delayMs === undefined ? {} : { delayMs }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      bail: setup.bail,
      ...(order === undefined ? {} : { order }),
      ...(setup.dataFile === null ? {} : { dataFile: setup.dataFile }),
    };
  });
}

/** The same run's options for the requests that failed, in the order they ran. */
export function rerunRequest(request: RunRequest, failedIds: readonly string[]): RunRequest {
  return { ...request, order: [...failedIds] };
}

/** A load test of the same requests, from the load form. */
export function buildLoadRequest(run: RunRequest, load: LoadSetup): Built<LoadRequest> {
  return built(() => {
    const connections = wholeNumber(load.connections, 'Connections', 1, 1000) ?? 10;
    const seconds = wholeNumber(load.durationSeconds, 'Duration', 1, 600) ?? 10;
    return {
      projectId: run.projectId,
      ...(run.folderId === undefined ? {} : { folderId: run.folderId }),
      ...(run.environmentId === undefined ? {} : { environmentId: run.environmentId }),
      ...(run.order === undefined ? {} : { order: run.order }),
      connections,
      durationMs: seconds * 1000,
    };
  });
}
