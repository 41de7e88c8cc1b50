import { invalid, readRecord, readString, readWhole, refuseUnknown } from '../field-readers.js';
import { RUN_LIMITS } from '../run/run-options.js';
import type { RunSummary } from '../run/run-summary.js';

/** What an agent asks for with `POST /agent/run` and `run_tests`, after `readAgentRunRequest`. */
export interface AgentRunRequest {
  projectId: string;
  /** Run the endpoints at or below this folder; null: the whole project. */
  folderId: string | null;
  /** The environment to resolve variables in; null: the project's active one, as the person's run. */
  environmentId: string | null;
  iterations: number;
  /**
   * How long the call waits, for the person's answer and then for the run, in milliseconds. A run that goes on
   * longer is answered as a job (`status: "running"`) to follow with `GET /agent/runs/:runId`.
   */
  timeoutMs: number;
}

/** One thing that went wrong in an agent's run: a failed check, a request without response, a script that threw. */
export interface AgentRunFailure {
  /** Counted from 0. */
  iteration: number;
  endpointId: string;
  /** The request's name, after the folders it is in: `Users / Create user`. */
  request: string;
  /** The check that failed (`status eq 200`, a `pm.test` name); null when the request got no response or a script threw. */
  assertion: string | null;
  message: string;
}

/**
 * The answer of `POST /agent/run`, `GET /agent/runs/:runId` and `POST /agent/runs/:runId/cancel`: the run's summary
 * (status `running` while it goes on: ask again) and what it found so far, every secret and credential of the run
 * masked.
 */
export interface AgentRunAnswer
  extends Pick<
    RunSummary,
    | 'folderId'
    | 'environmentId'
    | 'name'
    | 'status'
    | 'startedAt'
    | 'finishedAt'
    | 'iterations'
    | 'requests'
    | 'assertions'
    | 'error'
  > {
  runId: string;
  projectId: string;
  /** The first `AGENT_RUN_MAX_FAILURES`, in the order they happened. */
  failures: AgentRunFailure[];
  /** How many more failures there were than are listed. */
  failuresOmitted: number;
  /** What the agent should know and relay: a job to follow, cut lists. */
  notes: string[];
}

/** How long `run_tests` waits by default: under the 60 s MCP clients give a tool call. */
export const AGENT_RUN_DEFAULT_TIMEOUT_MS = 50_000;
const MIN_TIMEOUT_MS = 1_000;
const MAX_TIMEOUT_MS = 600_000;
/** How many failures an answer lists, and how long each message may be. */
export const AGENT_RUN_MAX_FAILURES = 50;
export const AGENT_RUN_MESSAGE_CHARACTERS = 1_000;

const FIELDS = ['projectId', 'folderId', 'environmentId', 'iterations', 'timeoutMs'] as const;
const MAX_ID_LENGTH = 200;

/** `null` means absent, as elsewhere in the control plane's JSON. */
function optionalId(value: unknown, label: string, hint: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${label} must be ${hint}, or null`);
  return readString(value, label, MAX_ID_LENGTH);
}

/** Reads the body of `POST /agent/run`; unknown fields are refused by name. Throws VALIDATION naming the field. */
export function readAgentRunRequest(value: unknown): AgentRunRequest {
  const input = readRecord(value ?? null, 'the run');
  refuseUnknown(input, FIELDS, 'the run');
  const { projectId } = input;
  if (typeof projectId !== 'string' || projectId.trim() === '') {
    throw invalid('projectId is required: the project to run, from list_projects');
  }
  const given = (field: unknown) => field !== undefined && field !== null;
  return {
    projectId: readString(projectId, 'projectId', MAX_ID_LENGTH),
    folderId: optionalId(input.folderId, 'folderId', 'the id of a folder of the project (list_folders)'),
    environmentId: optionalId(
      input.environmentId,
      'environmentId',
      'the id of an environment of the project (list_environments)',
    ),
    iterations: given(input.iterations) ? readWhole(input.iterations, 'iterations', 1, RUN_LIMITS.maxIterations) : 1,
    timeoutMs: given(input.timeoutMs)
      ? readWhole(input.timeoutMs, 'timeoutMs', MIN_TIMEOUT_MS, MAX_TIMEOUT_MS)
      : AGENT_RUN_DEFAULT_TIMEOUT_MS,
  };
}
