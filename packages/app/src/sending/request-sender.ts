import { randomUUID } from 'node:crypto';
import {
  AppError,
  type ErrorCode,
  effectiveSettings,
  type KeyValue,
  maskSecretNamedPairs,
  readRequestSettings,
  type SendInput,
  type SendOutcome,
} from '@client/core';
import {
  agentScrubber,
  type EngineOutcome,
  HttpEngine,
  historyScrubber,
  type OpenBrowser,
  type PreparedRequest,
  type ProjectJar,
  scopeScrubber,
  scrubHeaders,
  type VariableScope,
} from '@client/http';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import { effectiveAuth } from './effective-auth.js';
import { storeTokenVault } from './grant-token-vault.js';
import { HistoryBatch } from './history-batch.js';
import { loadVariableScope } from './load-variable-scope.js';
import { scrubbedStart } from './scrubbed-start.js';
import { missingSecretError, secretsWithoutValue } from './secrets-without-value.js';
import { SignIns } from './sign-ins.js';
import { askForUploadConsent } from './upload-consent.js';

export interface SenderLimits {
  timeoutMs: number;
  /** How much of a body is kept for the response panel: whole up to this size. */
  displayBytes: number;
  /** Reading stops here; the rest of the body is not waited for. */
  readLimitBytes: number;
  /** How much of a body history keeps. */
  historyBodyBytes: number;
}

export const DEFAULT_SENDER_LIMITS: SenderLimits = {
  timeoutMs: 60_000,
  displayBytes: 50 * 1024 * 1024,
  readLimitBytes: 64 * 1024 * 1024,
  historyBodyBytes: 256 * 1024,
};

/** A send's outcome, and the function that masks every secret and credential of its request in any text. */
export interface ScrubbedSend {
  outcome: SendOutcome;
  scrub(text: string): string;
  /** The response body's bytes as they arrived, when a response came. */
  bytes?: Uint8Array;
  /**
   * Writes the History entry the outcome names (its `historyId`); nothing when it names none. The caller writes it
   * once its answer has gone out, so the person does not wait for the disk: any request that reads History comes
   * after it.
   */
  keepInHistory(): void;
}

/** A request of the app built once: what a person (or the consent prompt) sees is what `dispatch` sends. */
export interface PreparedSend {
  input: SendInput;
  /** The saved endpoint it is, or null for an unsaved request (or one deleted while its editor was open). */
  endpointId: string | null;
  sentBy: 'person' | 'agent';
  prepared: PreparedRequest;
}

/** What `prepare` gives: the request, or why it cannot be built (secrets scrubbed from the reason). */
export type Preparation =
  | { ok: true; send: PreparedSend }
  /** `code`: VALIDATION for a request that cannot be built, FORBIDDEN for a secret it may not carry there. */
  | { ok: false; code: ErrorCode; message: string };

/**
 * The window's and agents' sends: each request is resolved against the store (variables with secrets decrypted,
 * the auth it inherits, the project's settings), sent by the engine from the app process (so no browser CORS rule
 * applies) with a timeout and cancel by id, and recorded in history with secrets masked.
 */
export class RequestSender {
  private readonly inFlight = new Map<string, AbortController>();
  /** The engine every send of the app goes through: the window's, agents', runs and load tests. */
  readonly engine: HttpEngine;
  /** OAuth 2.0 sign-ins through the person's browser. */
  readonly signIns: SignIns;
  private readonly history: HistoryBatch;

  constructor(
    private readonly store: Store,
    private readonly secrets: () => Promise<SecretBox>,
    userAgent: string,
    private readonly limits: SenderLimits = DEFAULT_SENDER_LIMITS,
    openBrowser?: OpenBrowser,
  ) {
    this.engine = new HttpEngine({
      userAgent,
      tokens: storeTokenVault(store, secrets),
      cookies: store.cookieJars,
      ...(openBrowser === undefined ? {} : { openBrowser }),
    });
    this.signIns = new SignIns(store, secrets, this.engine, limits.timeoutMs);
    this.history = new HistoryBatch(store);
  }

  /** Writes the History entries of sends that have answered: before History is read. */
  flushHistory(): void {
    this.history.flush();
  }

  /** A project's cookie jar: sent on matching requests, filled by responses, edited in the window. */
  cookieJar(projectId: string): Promise<ProjectJar> {
    return this.engine.cookies.of(projectId);
  }

  cancel(requestId: string): boolean {
    const controller = this.inFlight.get(requestId);
    controller?.abort();
    return controller !== undefined;
  }

  /** Cancels every send and sign-in and closes every connection: the sender is not used after this. */
  async close(): Promise<void> {
    for (const controller of this.inFlight.values()) controller.abort();
    await this.engine.close();
    this.history.flush();
  }

  /**
   * Builds the request as it would go out, in `scope` (scripts' variables) or the project's and environment's.
   * Throws NOT_FOUND for a project or environment that is gone; a request that cannot be built (an unset
   * variable, an unreadable file) is `ok: false` with what to fix.
   */
  async prepare(input: SendInput, sentBy: PreparedSend['sentBy'], scope?: VariableScope): Promise<Preparation> {
    const { store } = this;
    if (store.projects.get(input.projectId) === undefined) {
      throw new AppError('NOT_FOUND', `no project "${input.projectId}"; it may have been deleted`);
    }
    // An endpoint deleted while its editor was open is sent all the same, just not linked in history.
    const endpoint = input.endpointId === null ? undefined : store.endpoints.get(input.endpointId);
    const endpointId = endpoint?.projectId === input.projectId ? endpoint.id : null;
    const folderId = endpointId === null ? (input.folderId ?? null) : (endpoint?.folderId ?? null);
    scope ??= await loadVariableScope(store, this.secrets, input.projectId, input.environmentId);
    const request = { ...input.request, auth: effectiveAuth(store, input.projectId, folderId, input.request.auth) };
    const settings = effectiveSettings(
      { timeoutMs: this.limits.timeoutMs, ...store.projects.requestSettings(input.projectId) },
      input.request.settings === undefined ? undefined : readRequestSettings(input.request.settings, 'settings'),
    );
    const unset = secretsWithoutValue(request, scope);
    if (unset.length > 0) {
      const environment = input.environmentId === null ? undefined : store.environments.get(input.environmentId)?.name;
      return { ok: false, code: 'VALIDATION', message: missingSecretError(unset, environment).message };
    }
    try {
      const prepared = await this.engine.prepare(request, scope, settings);
      return { ok: true, send: { input, endpointId, sentBy, prepared } };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { ok: false, code: error.code, message: scopeScrubber(scope)(error.message) };
    }
  }

  /**
   * What masks every secret of the project and its environment `environmentId`, in any form: for a text about a
   * request that may not have been built (an error), before it leaves the app.
   */
  async secretScrubber(projectId: string, environmentId: string | null): Promise<(text: string) => string> {
    return scopeScrubber(await loadVariableScope(this.store, this.secrets, projectId, environmentId));
  }

  /**
   * Sends for the person in the window: the outcome, the response body's bytes to keep for the panel, and the
   * History entry to write once the answer has gone (`ScrubbedSend.keepInHistory`).
   */
  async send(input: SendInput): Promise<ScrubbedSend> {
    const preparation = await this.prepare(input, 'person');
    if (preparation.ok) return this.dispatch(preparation.send);
    const message = preparation.message;
    return { outcome: { outcome: 'failed', historyId: null, message }, scrub: (text) => text, keepInHistory() {} };
  }

  /**
   * Sends a prepared request exactly as it was built, once any upload it makes is agreed to, and records it in
   * History. An agent's answer is scrubbed of the request's credentials too, typed into the endpoint or not.
   */
  async dispatch(send: PreparedSend): Promise<ScrubbedSend> {
    const { input, endpointId, prepared, sentBy } = send;
    if (prepared.request.kind !== undefined) {
      const what = prepared.request.kind === 'websocket' ? 'a WebSocket endpoint' : 'an MCP server endpoint';
      throw new AppError('VALIDATION', `${what} is not sent as an HTTP request; Connect opens it`);
    }
    if (this.inFlight.has(input.requestId)) {
      throw new AppError('VALIDATION', `request ${input.requestId} is already being sent; use a new requestId`);
    }
    const consentNeeded = askForUploadConsent(this.store, endpointId, prepared.outgoing, input.confirmUpload);
    const answerScrub = () => (sentBy === 'agent' ? agentScrubber(prepared) : historyScrubber(prepared));
    if (consentNeeded !== null) return { outcome: consentNeeded, scrub: answerScrub(), keepInHistory() {} };

    const controller = new AbortController();
    this.inFlight.set(input.requestId, controller);
    let result: EngineOutcome;
    try {
      result = await this.engine.send(prepared, {
        jar: await this.engine.cookies.of(input.projectId),
        projectId: input.projectId,
        signal: controller.signal,
        limits: this.limits,
      });
    } finally {
      this.inFlight.delete(input.requestId);
    }
    // Made once the auth is written, so a fetched token is scrubbed too.
    const scrub = answerScrub();
    const keep = historyScrubber(prepared);
    const historyId = randomUUID();
    const record = (outcome: HistoryOutcome) => ({
      scrub,
      keepInHistory: () => this.record(historyId, send, outcome, keep),
    });
    switch (result.kind) {
      case 'not-sent':
        return {
          outcome: { outcome: 'failed', historyId: null, message: keep(result.message) },
          scrub,
          keepInHistory() {},
        };
      case 'cancelled':
        // Kept in History too: a request that went out and was cancelled may still have reached the server.
        return {
          outcome: { outcome: 'cancelled' },
          ...record({ status: null, error: 'cancelled', durationMs: result.durationMs }),
        };
      case 'failed':
        return {
          outcome: { outcome: 'failed', historyId, message: result.message },
          ...record({ status: null, error: result.message, durationMs: result.durationMs }),
        };
      case 'response': {
        const { body } = result;
        const kept = record({
          status: result.status,
          error: null,
          durationMs: result.durationMs,
          size: body.size,
          headers: result.headers,
          body: body.text,
          partial: body.truncated,
        });
        const outcome: SendOutcome = {
          outcome: 'response',
          historyId,
          url: prepared.outgoing.record.url,
          status: result.status,
          statusText: result.statusText,
          durationMs: Math.round(result.durationMs),
          timing: result.timing,
          cookies: result.cookies,
          size: body.size,
          headers: result.headers,
          contentType: result.contentType,
          body: body.text,
          truncated: body.truncated,
          warnings: result.warnings,
        };
        return { outcome, bytes: body.bytes, ...kept };
      }
    }
  }

  private record(id: string, send: PreparedSend, outcome: HistoryOutcome, scrub: (text: string) => string): void {
    const { outgoing } = send.prepared;
    const { historyBodyBytes } = this.limits;
    const body = outcome.body ?? null;
    this.history.add({
      id,
      projectId: send.input.projectId,
      endpointId: send.endpointId,
      method: outgoing.method,
      url: outgoing.record.url,
      requestHeaders: outgoing.record.headers,
      requestBody: outgoing.record.body === null ? null : scrub(outgoing.record.body),
      status: outcome.status,
      error: outcome.error,
      durationMs: Math.round(outcome.durationMs),
      responseSize: outcome.size ?? 0,
      responseHeaders: scrubHeaders(maskSecretNamedPairs(outcome.headers ?? []), scrub),
      responseBody: body === null ? null : scrubbedStart(body, historyBodyBytes, scrub).text,
      // Decided before secrets are masked, which can shorten what is kept without anything being cut.
      responseCut: body !== null && (outcome.partial === true || Buffer.byteLength(body, 'utf8') > historyBodyBytes),
      sentBy: send.sentBy,
    });
  }
}

/** What History keeps of a send that went out. */
interface HistoryOutcome {
  status: number | null;
  error: string | null;
  durationMs: number;
  size?: number;
  headers?: KeyValue[];
  body?: string | null;
  /** Whether `body` is already only the first part of what arrived. */
  partial?: boolean;
}
