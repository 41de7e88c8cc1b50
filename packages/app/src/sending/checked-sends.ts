import { randomUUID } from 'node:crypto';
import {
  AppError,
  isEmptyScripts,
  MASKED_VALUE,
  type ScriptLevel,
  type ScriptVariableChange,
  type SendChecks,
  type SendInput,
  type SendOutcome,
} from '@client/core';
import { scopeScrubber } from '@client/http';
import {
  evaluateAssertion,
  RunVariables,
  runPostResponseScripts,
  runPreRequestScripts,
  type ScriptedRequest,
  type ScriptOutcome,
  type ScriptResponse,
  scopeOf,
  scriptSender,
  variableText,
} from '@client/runner';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import { effectiveAuth } from './effective-auth.js';
import { loadEnvironment } from './load-variable-scope.js';
import type { RequestSender, ScrubbedSend } from './request-sender.js';
import { ScriptSessions } from './script-sessions.js';

/** How many Sends' variable changes stay available to keep. */
const KEPT_CHANGES = 24;
const KEPT_LAYERS = ['environment', 'collection', 'globals'] as const;

/** The variables a Send's scripts changed, with their values, for the person to keep. */
interface KeptChanges {
  projectId: string;
  environmentId: string | null;
  changes: (ScriptVariableChange & { plain: string | null })[];
}

/** The scripts above a request; null when its project is gone. */
function levelsOf(store: Store, projectId: string, folderId: string | null): ScriptLevel[] | null {
  try {
    return store.scripts.levels(projectId, folderId);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    // A folder deleted while its unsaved request was open: the project's scripts still apply.
    return folderId === null ? null : levelsOf(store, projectId, null);
  }
}

/** The response as scripts and rows read it; a binary body reads as empty text. */
function scriptResponseOf(outcome: SendOutcome, bytes: Uint8Array | undefined): ScriptResponse | undefined {
  if (outcome.outcome !== 'response') return undefined;
  return {
    code: outcome.status,
    status: outcome.statusText,
    headers: outcome.headers,
    body: outcome.body ?? (bytes === undefined ? '' : new TextDecoder().decode(bytes)),
    responseTime: outcome.durationMs,
    size: outcome.size,
    ...(outcome.stream === undefined ? {} : { events: outcome.stream.events }),
  };
}

/**
 * The window's Sends with their checks: an endpoint whose project, folders or self have scripts, or that has
 * assertion rows, is sent as a run of one request (pre-request scripts, the send, post-response scripts and the
 * rows), and its answer carries what they found, scrubbed of secrets like History. Others go as plain Sends.
 */
export class CheckedSends {
  private readonly sessions = new ScriptSessions();
  private readonly kept = new Map<string, KeptChanges>();

  constructor(
    private readonly store: Store,
    private readonly secrets: () => Promise<SecretBox>,
    private readonly sender: RequestSender,
  ) {}

  async send(input: SendInput): Promise<ScrubbedSend> {
    const { store } = this;
    const { projectId } = input;
    const saved = input.endpointId === null ? undefined : store.endpoints.get(input.endpointId);
    const folderId = saved?.projectId === projectId ? saved.folderId : (input.folderId ?? null);
    const levels = levelsOf(store, projectId, folderId);
    // A project that is gone: the plain Send says so.
    if (levels === null) return this.sender.send(input);
    const own = input.request.scripts;
    const rows = input.request.tests ?? [];
    if (levels.length === 0 && (own === undefined || isEmptyScripts(own)) && rows.length === 0) {
      return this.sender.send(input);
    }
    const environment =
      input.environmentId === null ? null : await loadEnvironment(store, this.secrets, projectId, input.environmentId);
    const variables = new RunVariables({
      collection: store.variables.list(projectId),
      environment: environment?.variables ?? [],
      environmentName: environment?.name ?? '',
    });
    const scripted: ScriptedRequest = {
      item: { id: input.endpointId ?? 'unsaved', name: input.request.name, path: [] },
      endpoint: { ...input.request, auth: effectiveAuth(store, projectId, folderId, input.request.auth) },
      levels,
    };
    const session = this.sessions.forSend(
      scriptSender(this.sender.engine, projectId, undefined, () => scopeOf(variables)).send,
    );
    const place = { session, variables, iteration: 0, iterationCount: 1 };
    const pre = await runPreRequestScripts(place, scripted);
    const checks = (post: ScriptOutcome | null, outcome: SendOutcome, scrub: (text: string) => string) =>
      this.checksOf({ input, variables, pre: pre.outcome, post, outcome, scrub });
    const scope = scopeOf(variables);
    const notSent = (message: string): ScrubbedSend => {
      const scrub = scopeScrubber(scope);
      const outcome: SendOutcome = { outcome: 'failed', historyId: null, message: scrub(message) };
      return this.withChecks({ outcome, scrub, keepInHistory() {} }, checks(null, outcome, scrub));
    };
    if (pre.outcome.skip) return notSent('a pre-request script skipped this request');
    const preparation = await this.sender.prepare({ ...input, request: pre.endpoint }, 'person', scope);
    if (!preparation.ok) return notSent(preparation.message);
    const sent = await this.sender.dispatch(preparation.send);
    if (sent.outcome.outcome === 'confirm-upload' || sent.outcome.outcome === 'cancelled') return sent;
    const post = await runPostResponseScripts(
      place,
      scripted,
      pre.endpoint,
      scriptResponseOf(sent.outcome, sent.bytes),
    );
    return this.withChecks(sent, checks(post, sent.outcome, sent.scrub));
  }

  private withChecks(sent: ScrubbedSend, checks: SendChecks): ScrubbedSend {
    const { outcome } = sent;
    if (outcome.outcome !== 'response' && outcome.outcome !== 'failed') return sent;
    return { ...sent, outcome: { ...outcome, checks } };
  }

  private checksOf(parts: {
    input: SendInput;
    variables: RunVariables;
    pre: ScriptOutcome;
    post: ScriptOutcome | null;
    outcome: SendOutcome;
    scrub: (text: string) => string;
  }): SendChecks {
    const { variables, pre, post, outcome, scrub } = parts;
    const response = scriptResponseOf(outcome, undefined);
    const lookup = (name: string) => {
      const found = variables.resolve(name);
      return found === undefined ? undefined : variableText(found.value);
    };
    const rows =
      response === undefined
        ? []
        : (parts.input.request.tests ?? []).map((row) => {
            const verdict = evaluateAssertion(row, response, lookup);
            return {
              ...verdict,
              actual: verdict.actual === null ? null : scrub(verdict.actual),
              ...(verdict.message === undefined ? {} : { message: scrub(verdict.message) }),
            };
          });
    const outcomes = post === null ? [pre] : [pre, post];
    const changes = this.changesOf(variables);
    const id = randomUUID();
    this.keep(id, { projectId: parts.input.projectId, environmentId: parts.input.environmentId, changes });
    return {
      id,
      rows,
      tests: outcomes
        .flatMap((one) => one.tests)
        .map((test) => ({
          ...test,
          assertion: scrub(test.assertion),
          ...(test.error === undefined ? {} : { error: { ...test.error, message: scrub(test.error.message) } }),
        })),
      scriptErrors: outcomes.flatMap((one) => one.errors).map((error) => ({ ...error, message: scrub(error.message) })),
      console: outcomes.flatMap((one) => one.console).map((line) => ({ ...line, text: scrub(line.text) })),
      variables: changes.map(({ plain: _plain, ...change }) => ({
        ...change,
        value: change.value === null ? null : change.secret ? MASKED_VALUE : scrub(change.value),
      })),
    };
  }

  private changesOf(variables: RunVariables): KeptChanges['changes'] {
    return KEPT_LAYERS.flatMap((layer) =>
      [...variables.changedIn(layer)].map(([name, variable]) => {
        const plain = variable === undefined ? null : variableText(variable.value);
        return { layer, name, value: plain, secret: variable?.secret === true, plain };
      }),
    );
  }

  private keep(id: string, changes: KeptChanges): void {
    if (changes.changes.length === 0) return;
    this.kept.set(id, changes);
    for (const [oldest] of this.kept) {
      if (this.kept.size <= KEPT_CHANGES) break;
      this.kept.delete(oldest);
    }
  }

  /** Keeps the chosen variables a Send's scripts changed, as the scripts left them. */
  async keepVariables(checksId: string, chosen: readonly { layer: string; name: string }[]): Promise<void> {
    const kept = this.kept.get(checksId);
    if (kept === undefined) {
      throw new AppError(
        'NOT_FOUND',
        'these variables are no longer held; send the request again to keep what its scripts set',
      );
    }
    const picked = chosen.map(({ layer, name }) => {
      const change = kept.changes.find((one) => one.layer === layer && one.name === name);
      if (change === undefined) throw new AppError('NOT_FOUND', `the scripts did not change ${layer} variable ${name}`);
      if (change.layer === 'globals') {
        throw new AppError('VALIDATION', `Client keeps no globals; ${name} lived for that Send only`);
      }
      return change;
    });
    const box = picked.some((change) => change.secret && change.plain !== null) ? await this.secrets() : null;
    const { store } = this;
    for (const change of picked) {
      if (change.layer === 'collection') {
        if (change.plain === null) store.variables.delete(kept.projectId, change.name);
        else store.variables.set(kept.projectId, change.name, change.plain);
        continue;
      }
      const { environmentId } = kept;
      if (environmentId === null)
        throw new AppError('VALIDATION', 'that Send used no environment to keep variables in');
      if (change.plain === null) store.environmentVariables.delete(environmentId, change.name);
      else {
        const value = change.secret && box !== null ? box.encrypt(change.plain) : change.plain;
        store.environmentVariables.set(environmentId, { key: change.name, value, secret: change.secret });
      }
    }
  }

  close(): void {
    this.sessions.close();
  }
}
