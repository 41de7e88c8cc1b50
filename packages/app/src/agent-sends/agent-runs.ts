import {
  AGENT_RUN_PROMPT_REQUESTS,
  type AgentRunAnswer,
  type AgentRunPrompt,
  type AgentRunRequest,
  AppError,
  type RunOptions,
  type RunSummary,
  type StoredRun,
} from '@client/core';
import type { HttpEngine } from '@client/http';
import type { RunPlan } from '@client/runner';
import type { Store } from '@client/store';
import type { PlanOf, Runs } from '../running/runs.js';
import { agentRunAnswer } from './agent-run-answer.js';
import { previewRun, type RunPreview } from './agent-run-preview.js';
import { type ConsentQuestion, type PermissionKeeper, settleConsent } from './consent-decision.js';
import type { ConsentPrompts, Unstamped } from './consent-prompts.js';

/** How many runs' scrubbers are kept for `get` and `cancel`; older runs' are made again from the project. */
const KEPT_SCRUBBERS = 64;

export interface AgentRunParts {
  store: Store;
  engine: HttpEngine;
  runs: Runs;
  planOf: PlanOf;
  /** The prompts agents' sends wait in: the window shows both in one queue. */
  prompts: ConsentPrompts;
  keeper: PermissionKeeper;
}

/** What the control plane asks of agents' runs (`POST /agent/run`, `GET /agent/runs/:runId`, its cancel). */
export type AgentRunCalls = Pick<AgentRuns, 'run' | 'get' | 'cancel'>;

/**
 * Agents' runs of a project's or a folder's tests: each starts only once the person allowed it (in the window, or
 * by a standing permission for the project), runs as the person's own runs do (kept, shown live in the window),
 * and is answered with its failures scrubbed of the run's secrets. A run longer than the agent waits is a job it
 * follows with `get` and may `cancel`.
 */
export class AgentRuns {
  private readonly scrubbers = new Map<string, (text: string) => string>();

  constructor(private readonly parts: AgentRunParts) {}

  private readonly writtenByAgent = (endpointId: string): boolean => this.parts.store.agentWritten.has(endpointId);

  async run(request: AgentRunRequest): Promise<AgentRunAnswer> {
    const deadline = Date.now() + request.timeoutMs;
    const options = this.optionsOf(request);
    const plan = await this.parts.planOf(options);
    if (plan.requests.length === 0) {
      throw new AppError(
        'VALIDATION',
        `${plan.collection.name} has no endpoint to run; save some first (save_curl), or run another folder`,
      );
    }
    const preview = await previewRun(this.parts.engine, plan, this.writtenByAgent);
    // A standing permission covers the person's requests, not one an agent wrote to carry a secret somewhere.
    if (!this.projectAllowed(request.projectId) || preview.agentWritten) {
      // What reading the project took counts: the whole call stays within the agent's timeoutMs.
      const waiting = Math.max(1, deadline - Date.now());
      const decision = await this.parts.prompts.ask(this.promptOf(request, plan, preview), waiting);
      const question: ConsentQuestion = {
        what: 'run',
        projectId: request.projectId,
        endpointId: null,
        timeoutMs: request.timeoutMs,
      };
      settleConsent(decision, question, this.parts.keeper);
    }
    const summary = await this.parts.runs.start(options, 'agent', plan);
    this.remember(summary.id, preview.scrub);
    const finished = await this.parts.runs.wait(summary.id, Math.max(0, deadline - Date.now()));
    return this.answer(finished ?? this.parts.runs.get(summary.id), preview.scrub);
  }

  /** An agent's run, finished or so far. */
  async get(runId: string): Promise<AgentRunAnswer> {
    const run = this.agentRun(runId);
    return this.answer(run, await this.scrubberOf(run.summary));
  }

  /** Stops an agent's run and answers with what it found; a run that had already ended is answered as it ended. */
  async cancel(runId: string): Promise<AgentRunAnswer> {
    const run = this.agentRun(runId);
    const scrub = await this.scrubberOf(run.summary);
    if (run.summary.status !== 'running') {
      return this.answer(run, scrub, [`The run had already ended (${run.summary.status}); nothing was cancelled.`]);
    }
    return this.answer(await this.parts.runs.cancel(runId), scrub);
  }

  private answer(run: StoredRun, scrub: (text: string) => string, told: string[] = []): AgentRunAnswer {
    const notes = [...told];
    if (run.summary.status === 'running') {
      notes.push(
        `The run goes on in the Client app; call get_run {"runId": "${run.summary.id}"} (GET /agent/runs/${run.summary.id}) ` +
          'until its status is no longer running, or cancel_run to stop it.',
      );
    }
    return agentRunAnswer(run, scrub, notes);
  }

  /** Runs of the person and of `client run` are theirs: an agent follows and stops its own. */
  private agentRun(runId: string): StoredRun {
    let run: StoredRun | undefined;
    try {
      run = this.parts.runs.get(runId);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    }
    if (run === undefined || run.summary.source !== 'agent') {
      throw new AppError(
        'NOT_FOUND',
        `no run of an agent has runId "${runId}"; use the runId run_tests answered with (runs are kept like History, so an old one may have been deleted)`,
      );
    }
    return run;
  }

  private optionsOf(request: AgentRunRequest): RunOptions {
    const { store } = this.parts;
    const { projectId, folderId, environmentId } = request;
    if (store.projects.get(projectId) === undefined) {
      throw new AppError(
        'NOT_FOUND',
        `no project has projectId "${projectId}"; list projects (GET /agent/projects or list_projects) and use one of their projectId values`,
      );
    }
    if (folderId !== null && store.folders.get(folderId)?.projectId !== projectId) {
      throw new AppError(
        'NOT_FOUND',
        `the project has no folder "${folderId}"; list_folders (GET /agent/folders/${projectId}) lists them`,
      );
    }
    if (environmentId !== null && store.environments.get(environmentId)?.projectId !== projectId) {
      throw new AppError(
        'NOT_FOUND',
        `the project has no environment "${environmentId}"; list_environments (GET /agent/environments/${projectId}) lists them`,
      );
    }
    return {
      projectId,
      ...(folderId === null ? {} : { folderId }),
      ...(environmentId === null ? {} : { environmentId }),
      iterations: request.iterations,
      delayMs: 0,
      bail: false,
    };
  }

  /** A standing permission for the whole project; one for an endpoint covers that endpoint's sends only. */
  private projectAllowed(projectId: string): boolean {
    return this.parts.store.agentPermissions
      .current(this.parts.keeper.session)
      .some((permission) => permission.projectId === projectId && permission.endpointId === null);
  }

  private promptOf(request: AgentRunRequest, plan: RunPlan, preview: RunPreview): Unstamped<AgentRunPrompt> {
    const { store } = this.parts;
    return {
      kind: 'run',
      projectId: request.projectId,
      projectName: store.projects.get(request.projectId)?.name ?? request.projectId,
      folderName: request.folderId === null ? null : this.folderPath(request.folderId),
      environmentName: plan.environment?.name ?? null,
      iterations: request.iterations,
      requests: preview.requests.slice(0, AGENT_RUN_PROMPT_REQUESTS),
      requestCount: preview.requests.length,
      hosts: preview.hosts,
      scriptsSendRequests: preview.scriptsSendRequests,
      secrets: preview.secrets,
      agentWritten: preview.agentWritten,
    };
  }

  /** `Users / Admin`: the folder's name after those it is in. */
  private folderPath(folderId: string): string {
    const names: string[] = [];
    for (let folder = this.parts.store.folders.get(folderId); folder !== undefined; ) {
      names.unshift(folder.name);
      folder = folder.parentId === null ? undefined : this.parts.store.folders.get(folder.parentId);
    }
    return names.join(' / ');
  }

  private remember(runId: string, scrub: (text: string) => string): void {
    this.scrubbers.set(runId, scrub);
    for (const oldest of this.scrubbers.keys()) {
      if (this.scrubbers.size <= KEPT_SCRUBBERS) break;
      this.scrubbers.delete(oldest);
    }
  }

  /**
   * The run's scrubber, or, for a run of an earlier start of the app, one made from its whole project now (in its
   * environment when that still exists): masking more than the run used is safe, less is not.
   */
  private async scrubberOf(summary: RunSummary): Promise<(text: string) => string> {
    const kept = this.scrubbers.get(summary.id);
    if (kept !== undefined) return kept;
    const { store } = this.parts;
    const projectId = summary.projectId ?? '';
    const environmentId = summary.environmentId;
    const environment = environmentId === null ? undefined : store.environments.get(environmentId);
    const plan = await this.parts.planOf({
      projectId,
      ...(environment?.projectId === projectId && environmentId !== null ? { environmentId } : {}),
      iterations: 1,
      delayMs: 0,
      bail: false,
    });
    const scrub = (await previewRun(this.parts.engine, plan, this.writtenByAgent)).scrub;
    this.remember(summary.id, scrub);
    return scrub;
  }
}
