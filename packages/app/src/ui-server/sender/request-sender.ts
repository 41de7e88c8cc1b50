import {
  AppError,
  type ConcreteAuth,
  type EndpointDraft,
  effectiveSettings,
  type KeyValue,
  MASKED_VALUE,
  maskSecretNamedPairs,
  readRequestSettings,
  type SendInput,
  type SendOutcome,
} from '@client/core';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import type { Dispatcher } from 'undici';
import { CookieJars } from './cookie-jars.js';
import { DispatcherPool } from './dispatcher.js';
import { effectiveAuth } from './effective-auth.js';
import { describeNetworkFailure } from './network-failure.js';
import { buildOutgoingRequest, type OutgoingRequest } from './outgoing-request.js';
import { requestCredentials } from './request-credentials.js';
import { type ReadBody, readResponseBody } from './response-reading.js';
import { scrubSecretForms, secretForms } from './secret-forms.js';
import { SendAuth } from './send-auth.js';
import { connectionTiming, TimingRecorder } from './send-timing.js';
import { undefinedVariableWarning } from './undefined-variables.js';
import { askForUploadConsent } from './upload-consent.js';
import { VariableScope } from './variable-scope.js';
import { sendOnWire } from './wire-request.js';

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

class Cancelled extends Error {}

/** A send's outcome, and the function that masks every secret and credential of its request in any text. */
export interface ScrubbedSend {
  outcome: SendOutcome;
  scrub(text: string): string;
  /** The response body's bytes as they arrived, when a response came. */
  bytes?: Uint8Array;
}

/** History shows that the jar's cookies went along (masked, as every Cookie header), before the framing. */
function recordJarCookie(outgoing: OutgoingRequest): void {
  const headers = outgoing.record.headers;
  const framing = headers.findIndex((header) => header.key === 'content-length');
  const cookie = { key: 'Cookie', value: MASKED_VALUE };
  if (framing < 0) headers.push(cookie);
  else headers.splice(framing, 0, cookie);
}

function timeoutText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function cut(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  return buffer.length <= bytes ? text : buffer.subarray(0, bytes).toString('utf8');
}

/**
 * Sends requests from the app process (so no browser CORS rule applies), with a timeout and cancel by id,
 * and records each one in history with secrets masked: the resolved request as it was kept, and any
 * secret's plaintext scrubbed from the response before it is stored.
 */
export class RequestSender {
  private readonly inFlight = new Map<string, AbortController>();
  /** Keeps servers' connections alive between sends made with the same settings. */
  private readonly dispatchers = new DispatcherPool();
  /** Each project's cookies: sent on matching requests, filled by responses, edited in the UI. */
  readonly cookies: CookieJars;
  /** OAuth 2.0 tokens and sign-ins, and AWS signatures: the auths written as a request goes out. */
  readonly auth: SendAuth;

  constructor(
    private readonly store: Store,
    private readonly secrets: () => Promise<SecretBox>,
    private readonly userAgent: string,
    private readonly limits: SenderLimits = DEFAULT_SENDER_LIMITS,
    openBrowser: (url: string) => Promise<void> = () => Promise.reject(new Error('no browser')),
  ) {
    this.cookies = new CookieJars(store);
    this.auth = new SendAuth(store, secrets, limits.timeoutMs, this.dispatchers, openBrowser);
  }

  cancel(requestId: string): boolean {
    const controller = this.inFlight.get(requestId);
    controller?.abort(new Cancelled());
    return controller !== undefined;
  }

  /** Cancels every send and sign-in and closes every connection: the sender is not used after this. */
  async close(): Promise<void> {
    for (const controller of this.inFlight.values()) controller.abort(new Cancelled());
    this.auth.cancelAll();
    await this.dispatchers.destroy();
  }

  /** The request with the auth it is sent with: its own, or what its folder or project sets for it. */
  private withEffectiveAuth(input: SendInput, endpointId: string | null): EndpointDraft & { auth: ConcreteAuth } {
    const folderId =
      endpointId === null ? (input.folderId ?? null) : (this.store.endpoints.get(endpointId)?.folderId ?? null);
    return { ...input.request, auth: effectiveAuth(this.store, input.projectId, folderId, input.request.auth) };
  }

  /** The request as it would go out, secrets masked as History keeps them; throws when it cannot be built. */
  async preview(input: SendInput): Promise<OutgoingRequest['record']> {
    const scope = await VariableScope.load(this.store, this.secrets, input.projectId, input.environmentId);
    const endpointId =
      input.endpointId !== null && this.store.endpoints.get(input.endpointId) ? input.endpointId : null;
    return (await buildOutgoingRequest(this.withEffectiveAuth(input, endpointId), scope, this.userAgent)).record;
  }

  /** Sends for the person in the window: the outcome, and the response body's bytes to keep for the panel. */
  async send(input: SendInput): Promise<{ outcome: SendOutcome; bytes: Uint8Array | null }> {
    const { outcome, bytes } = await this.sendAs(input, 'person');
    return { outcome, bytes: bytes ?? null };
  }

  /** Sends for an agent: recorded as an agent's, with what masks its request's secrets and credentials. */
  sendForAgent(input: SendInput): Promise<ScrubbedSend> {
    return this.sendAs(input, 'agent');
  }

  private async sendAs(input: SendInput, sentBy: 'person' | 'agent'): Promise<ScrubbedSend> {
    const { store } = this;
    const variableForms = (scope: VariableScope, derived: readonly string[]) =>
      secretForms(scope.secretValues(), derived);
    if (store.projects.get(input.projectId) === undefined) {
      throw new AppError('NOT_FOUND', `no project "${input.projectId}"; it may have been deleted`);
    }
    if (this.inFlight.has(input.requestId)) {
      throw new AppError('VALIDATION', `request ${input.requestId} is already being sent; use a new requestId`);
    }
    // An endpoint deleted while its editor was open is sent all the same, just not linked in history.
    const endpointId =
      input.endpointId !== null && store.endpoints.get(input.endpointId)?.projectId === input.projectId
        ? input.endpointId
        : null;
    const scope = await VariableScope.load(store, this.secrets, input.projectId, input.environmentId);
    const request = this.withEffectiveAuth(input, endpointId);
    const settings = effectiveSettings(
      { timeoutMs: this.limits.timeoutMs, ...store.projects.requestSettings(input.projectId) },
      input.request.settings === undefined ? undefined : readRequestSettings(input.request.settings, 'settings'),
    );
    const timing = new TimingRecorder();
    let outgoing: OutgoingRequest;
    let dispatcher: Dispatcher;
    try {
      outgoing = await buildOutgoingRequest(request, scope, this.userAgent);
      dispatcher = await this.dispatchers.for(settings, (text) => scope.resolve(text, false));
      await this.auth.apply(outgoing, request.auth, input.projectId, scope, {
        dispatcher,
        timeoutMs: settings.timeoutMs,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const forms = variableForms(scope, []);
      const scrubEarly = (text: string) => scrubSecretForms(text, forms);
      return { outcome: { outcome: 'failed', historyId: null, message: scrubEarly(error.message) }, scrub: scrubEarly };
    }
    // An agent's answer is scrubbed of the request's credentials too, typed into the endpoint or not.
    const forms = secretForms(
      [...scope.secretValues(), ...(sentBy === 'agent' ? requestCredentials(outgoing, request.auth, scope) : [])],
      outgoing.derivedSecrets,
    );
    const scrubAll = (text: string) => scrubSecretForms(text, forms);
    const early = (outcome: SendOutcome): ScrubbedSend => ({ outcome, scrub: scrubAll });
    if ((outgoing.method === 'GET' || outgoing.method === 'HEAD') && outgoing.body !== null) {
      return early({
        outcome: 'failed',
        historyId: null,
        message: `a ${outgoing.method} request cannot carry a body here; set the body to None or use another method`,
      });
    }
    const consentNeeded = askForUploadConsent(store, endpointId, outgoing, input.confirmUpload);
    if (consentNeeded !== null) return early(consentNeeded);

    // A Cookie header the request sets itself is sent as it is; otherwise the jar's cookies go along.
    const ownCookie = outgoing.headers.some((header) => header.key.toLowerCase() === 'cookie');
    const jar = ownCookie ? null : await this.cookies.of(input.projectId);
    if (jar !== null && jar.headerFor(outgoing.url) !== '') recordJarCookie(outgoing);

    const historyForms = variableForms(scope, outgoing.derivedSecrets);
    const scrub = (text: string) => scrubSecretForms(text, historyForms);
    const record = (outcome: {
      status: number | null;
      error: string | null;
      durationMs: number;
      size: number;
      headers: KeyValue[];
      body: string | null;
      /** Whether `body` is already only the first part of what arrived. */
      partial: boolean;
    }) =>
      store.history.add({
        projectId: input.projectId,
        endpointId,
        method: outgoing.method,
        url: outgoing.record.url,
        requestHeaders: outgoing.record.headers,
        requestBody: outgoing.record.body === null ? null : scrub(outgoing.record.body),
        status: outcome.status,
        error: outcome.error,
        durationMs: Math.round(outcome.durationMs),
        responseSize: outcome.size,
        responseHeaders: maskSecretNamedPairs(outcome.headers).map(({ key, value }) => ({ key, value: scrub(value) })),
        responseBody: outcome.body === null ? null : scrub(cut(outcome.body, this.limits.historyBodyBytes)),
        // Decided before secrets are masked, which can shorten what is kept without anything being cut.
        responseCut:
          outcome.body !== null &&
          (outcome.partial || Buffer.byteLength(outcome.body, 'utf8') > this.limits.historyBodyBytes),
        sentBy,
      }).id;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timeout')), settings.timeoutMs);
    this.inFlight.set(input.requestId, controller);
    const started = performance.now();
    try {
      const response = await connectionTiming.run(timing, () =>
        sendOnWire(outgoing, {
          dispatcher,
          signal: controller.signal,
          followRedirects: settings.followRedirects,
          maxRedirects: settings.maxRedirects,
          timing,
          cookies: jar,
        }),
      );
      const contentType = response.headers.find((header) => header.key === 'content-type')?.value ?? null;
      const body: ReadBody = await readResponseBody(response.body, contentType, this.limits);
      const durationMs = performance.now() - started;
      const { headers } = response;
      const warnings: string[] = [];
      const undefinedNames = undefinedVariableWarning(request, scope);
      if (undefinedNames !== null) warnings.push(undefinedNames);
      if (!settings.verifyTls && outgoing.url.protocol === 'https:') {
        warnings.push('TLS certificates were not verified (the request settings turn verification off).');
      }
      if (response.redirected) warnings.push(`Followed redirects to ${scrub(response.url.href)}.`);
      if (body.stoppedAt !== null) {
        warnings.push(`Stopped reading the body after ${body.stoppedAt} bytes; the rest was not received.`);
      }
      const historyId = record({
        status: response.status,
        error: null,
        durationMs,
        size: body.size,
        headers,
        body: body.text,
        partial: body.truncated,
      });
      const answer = early({
        outcome: 'response',
        historyId,
        url: outgoing.record.url,
        status: response.status,
        statusText: response.statusText,
        durationMs: Math.round(durationMs),
        timing: timing.finish(),
        cookies: response.cookies,
        size: body.size,
        headers,
        contentType,
        body: body.text,
        truncated: body.truncated,
        warnings,
      });
      return { ...answer, bytes: body.bytes };
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      const durationMs = performance.now() - started;
      if (controller.signal.aborted && reason instanceof Cancelled) {
        // Kept in History too: a request that went out and was cancelled may still have reached the server.
        record({ status: null, error: 'cancelled', durationMs, size: 0, headers: [], body: null, partial: false });
        return early({ outcome: 'cancelled' });
      }
      const message = controller.signal.aborted
        ? `no complete response within ${timeoutText(settings.timeoutMs)}; the request was given up`
        : `could not get a response from ${outgoing.url.host}: ${scrub(describeNetworkFailure(error))}`;
      const historyId = record({
        status: null,
        error: message,
        durationMs,
        size: 0,
        headers: [],
        body: null,
        partial: false,
      });
      return early({ outcome: 'failed', historyId, message });
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(input.requestId);
    }
  }
}
