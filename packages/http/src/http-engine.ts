import type { ConnectionOptions } from 'node:tls';
import {
  AppError,
  type ConcreteAuth,
  type CookieView,
  type EndpointDraft,
  type KeyValue,
  MASKED_VALUE,
  type RequestSettings,
  type SendTiming,
  type StreamCapture,
  type StreamUpdate,
} from '@client/core';
import type { Dispatcher } from 'undici';
import { type CookieJarStorage, CookieJars, type ProjectJar } from './cookie-jars.js';
import { DispatcherPool, proxyInEnvironment, secureOf, tlsOptions } from './dispatcher.js';
import { type LoadShot, loadRepeater } from './load-repeater.js';
import { describeNetworkFailure } from './network-failure.js';
import type { GrantTokenVault, OpenBrowser } from './oauth2-code-grants.js';
import { buildOutgoingRequest, type OutgoingRequest } from './outgoing-request.js';
import { requestCredentials } from './request-credentials.js';
import type { ReadBody } from './response-reading.js';
import {
  refuseSecretsOutsideTheirHosts,
  refuseSecretsOutsideTokenHost,
  requestTexts,
  secretHostBar,
  secretsOfRequest,
} from './secret-destinations.js';
import { scrubberOf, secretForms } from './secret-forms.js';
import { SendAuth } from './send-auth.js';
import { connectionTiming, TimingRecorder } from './send-timing.js';
import { maskedHostName, shownHost } from './shown-host.js';
import { readStream } from './stream-reading.js';
import { undefinedVariableWarning } from './undefined-variables.js';
import type { UsedSecret, VariableScope } from './variable-scope.js';
import { sendOnWire } from './wire-request.js';

/** How much of a response body is read and kept. */
export interface ReadLimits {
  /** How much of a body is kept for the response panel: whole up to this size. */
  displayBytes: number;
  /** Reading stops here; the rest of the body is not waited for. */
  readLimitBytes: number;
}

/** A request built once, from an endpoint, its auth and resolved values: what is shown for consent is what is sent. */
export interface PreparedRequest {
  /** The endpoint as it is sent, with the auth it is sent with (its own, or the one it inherits). */
  request: EndpointDraft & { auth: ConcreteAuth };
  scope: VariableScope;
  settings: RequestSettings;
  outgoing: OutgoingRequest;
  /** The secrets held to allowed hosts that the request carries: checked at its host, and at each redirect's. */
  secrets: UsedSecret[];
}

/** What came back for a prepared request. */
export type EngineOutcome =
  | {
      kind: 'response';
      status: number;
      statusText: string;
      headers: KeyValue[];
      cookies: CookieView[];
      body: ReadBody;
      contentType: string | null;
      /** The events of a streamed answer (server-sent events, NDJSON). */
      stream?: StreamCapture;
      durationMs: number;
      timing: SendTiming;
      warnings: string[];
    }
  /** The auth could not be written (no token, a token server that refused): nothing went out. */
  | { kind: 'not-sent'; message: string }
  /** Cancelled by the caller's signal after it went out: it may have reached the server. */
  | { kind: 'cancelled'; durationMs: number }
  /** No whole answer: a timeout or a network failure, said in `message`. */
  | { kind: 'failed'; message: string; durationMs: number };

export interface SendOptions {
  /** The project's jar, or null for none; a request that sets its own Cookie header uses none either way. */
  jar: ProjectJar | null;
  /** Whose OAuth 2.0 sign-ins the request's authorization code grant uses. */
  projectId: string;
  /** Aborts the send: the outcome is `cancelled`. */
  signal?: AbortSignal;
  limits: ReadLimits;
  /** Told of a streamed answer's status and each chunk's events as they arrive. */
  onStream?: (update: StreamUpdate) => void;
}

export interface EngineOptions {
  userAgent: string;
  /** Where authorization code grants' tokens are kept. */
  tokens: GrantTokenVault;
  /** Where each project's cookie jar is kept. */
  cookies: CookieJarStorage;
  /** Opens an authorization URL in the person's browser for a sign-in. */
  openBrowser?: OpenBrowser;
}

function timeoutText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** History shows that the jar's cookies went along (masked, as every Cookie header), before the framing. */
function recordJarCookie(outgoing: OutgoingRequest): void {
  const headers = outgoing.record.headers;
  const framing = headers.findIndex((header) => header.key === 'content-length');
  const cookie = { key: 'Cookie', value: MASKED_VALUE };
  if (framing < 0) headers.push(cookie);
  else headers.splice(framing, 0, cookie);
}

/**
 * The sending engine: builds the outgoing request from an endpoint and its resolved values, then sends exactly
 * that (auth written as it goes out, the jar's cookies, redirects, a timeout), timing each phase and reading the
 * answer. It decrypts nothing: its callers hand it resolved values, and keep whatever they keep.
 */
export class HttpEngine {
  /** Keeps servers' connections alive between sends made with the same settings. */
  private readonly dispatchers = new DispatcherPool();
  /** Each project's cookies: sent on matching requests, filled by responses, edited in the UI. */
  readonly cookies: CookieJars;
  /** OAuth 2.0 tokens and sign-ins, and AWS signatures: the auths written as a request goes out. */
  readonly auth: SendAuth;
  private readonly userAgent: string;

  constructor(options: EngineOptions) {
    this.userAgent = options.userAgent;
    this.cookies = new CookieJars(options.cookies);
    const openBrowser = options.openBrowser ?? (() => Promise.reject(new Error('no browser')));
    this.auth = new SendAuth(options.tokens, this.dispatchers, openBrowser);
  }

  /**
   * Builds the request as it goes out: variables resolved, switched-off rows left out, files read. Throws
   * VALIDATION with what to fix when it cannot be sent, and FORBIDDEN when it would carry a secret to a host the
   * secret is not allowed at. `watched` holds secrets the request does not resolve but a script may have copied
   * into it as text (`pm.sendRequest`): they are held to their hosts too.
   */
  async prepare(
    request: PreparedRequest['request'],
    scope: VariableScope,
    settings: RequestSettings,
    watched?: VariableScope,
  ): Promise<PreparedRequest> {
    refuseSecretsOutsideTokenHost(request.auth, scope);
    const named = scope.secretsReachedFrom(requestTexts(request));
    const outgoing = await buildOutgoingRequest(request, scope, this.userAgent, (url, keptUrl) =>
      refuseSecretsOutsideTheirHosts(named, url, keptUrl),
    );
    if ((outgoing.method === 'GET' || outgoing.method === 'HEAD') && outgoing.body !== null) {
      throw new AppError(
        'VALIDATION',
        `a ${outgoing.method} request cannot carry a body here; set the body to None or use another method`,
      );
    }
    const secrets = secretsOfRequest(request, scope, outgoing, watched);
    refuseSecretsOutsideTheirHosts(secrets, outgoing.url, outgoing.record.url);
    return { request, scope, settings, outgoing, secrets };
  }

  /** Sends a prepared request once and reads its answer; a failure to get one is an outcome, not an error. */
  async send(prepared: PreparedRequest, options: SendOptions): Promise<EngineOutcome> {
    const { outgoing, request, scope, settings } = prepared;
    let dispatcher: Awaited<ReturnType<DispatcherPool['for']>>;
    try {
      dispatcher = await this.dispatchers.for(settings, (text) => scope.resolve(text, false));
      await this.auth.apply(outgoing, request.auth, options.projectId, scope, {
        dispatcher,
        timeoutMs: settings.timeoutMs,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { kind: 'not-sent', message: error.message };
    }
    // A Cookie header the request sets itself is sent as it is; otherwise the jar's cookies go along.
    const ownCookie = outgoing.headers.some((header) => header.key.toLowerCase() === 'cookie');
    const jar = ownCookie ? null : options.jar;
    if (jar !== null && jar.headerFor(outgoing.url) !== '') recordJarCookie(outgoing);

    const timing = new TimingRecorder();
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), settings.timeoutMs);
    const signal = options.signal === undefined ? timeout.signal : AbortSignal.any([timeout.signal, options.signal]);
    const started = performance.now();
    try {
      const response = await connectionTiming.run(timing, () =>
        sendOnWire(outgoing, {
          dispatcher,
          signal,
          followRedirects: settings.followRedirects,
          maxRedirects: settings.maxRedirects,
          timing,
          cookies: jar,
          // A server's Location is no secret's template: its text, scrubbed, is what a message may show.
          barHop: (url) => secretHostBar(prepared.secrets, url, historyScrubber(prepared)(url.href)),
        }),
      );
      const contentType = response.headers.find((header) => header.key === 'content-type')?.value ?? null;
      const { body, stream, stoppedEarly } = await readStream(response, contentType, {
        ...options,
        started,
        signal,
        timedOut: timeout.signal,
      });
      const durationMs = performance.now() - started;
      const warnings: string[] = [];
      if (stoppedEarly === 'stop') {
        warnings.push('Stopped: the connection was closed before the whole body arrived; what came is shown.');
      }
      if (stream?.stopped === 'timeout' || stoppedEarly === 'timeout') {
        warnings.push(`The answer was ended after ${timeoutText(settings.timeoutMs)}, the request's time limit.`);
      }
      const undefinedNames = undefinedVariableWarning(request, scope);
      if (undefinedNames !== null) warnings.push(undefinedNames);
      if (!settings.verifyTls && outgoing.url.protocol === 'https:') {
        warnings.push('TLS certificates were not verified (the request settings turn verification off).');
      }
      if (response.barredRedirect !== null) warnings.push(`Did not follow the redirect: ${response.barredRedirect}.`);
      if (response.redirected) warnings.push(`Followed redirects to ${historyScrubber(prepared)(response.url.href)}.`);
      if (body.stoppedAt !== null) {
        warnings.push(`Stopped reading the body after ${body.stoppedAt} bytes; the rest was not received.`);
      }
      return {
        kind: 'response',
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        cookies: response.cookies,
        body,
        contentType,
        ...(stream === undefined ? {} : { stream }),
        durationMs,
        timing: timing.finish(),
        warnings,
      };
    } catch (error) {
      const durationMs = performance.now() - started;
      if (options.signal?.aborted === true) return { kind: 'cancelled', durationMs };
      // The host as History shows it: a secret variable in it is masked, not lowercased or punycoded.
      const host = shownHost(outgoing.url, outgoing.record.url);
      const failure = maskedHostName(describeNetworkFailure(error), outgoing.url, outgoing.record.url);
      const message = timeout.signal.aborted
        ? `no complete response within ${timeoutText(settings.timeoutMs)}; the request was given up`
        : `could not get a response from ${host}: ${historyScrubber(prepared)(failure)}`;
      return { kind: 'failed', message, durationMs };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * For a load test: what sends each prepared request (its auth already written by `loadTarget`) again and again,
   * over connections of their own, at most `connections` to an origin.
   */
  async repeaters(
    prepared: readonly PreparedRequest[],
    connections: number,
  ): Promise<{ shots: (() => Promise<LoadShot>)[]; close(): Promise<void> }> {
    const dispatcherFor = DispatcherPool.dedicated(connections);
    const made = new Set<Dispatcher>();
    const close = () => Promise.all([...made].map((dispatcher) => dispatcher.destroy().catch(() => undefined)));
    const shots: (() => Promise<LoadShot>)[] = [];
    try {
      for (const { outgoing, scope, settings } of prepared) {
        const dispatcher = await dispatcherFor(settings, (text) => scope.resolve(text, false));
        made.add(dispatcher);
        shots.push(loadRepeater(outgoing, dispatcher, settings.timeoutMs));
      }
    } catch (error) {
      await close();
      throw error;
    }
    return { shots, close: async () => void (await close()) };
  }

  /**
   * For a load tool with connections of its own: the prepared request with its auth written (a token fetched, a
   * signature made), the TLS options to connect with, and whether a proxy stands between, which such a tool cannot
   * go through. Throws VALIDATION when the auth or a TLS file cannot be had.
   */
  async loadTarget(
    prepared: PreparedRequest,
    projectId: string,
  ): Promise<{ outgoing: OutgoingRequest; tls: ConnectionOptions; proxied: boolean }> {
    const { outgoing, request, scope, settings } = prepared;
    const resolve = (text: string) => scope.resolve(text, false);
    const dispatcher = await this.dispatchers.for(settings, resolve);
    await this.auth.apply(outgoing, request.auth, projectId, scope, { dispatcher, timeoutMs: settings.timeoutMs });
    const tls = secureOf(await tlsOptions(settings, resolve));
    const proxied = settings.proxy.mode === 'url' || (settings.proxy.mode === 'environment' && proxyInEnvironment());
    return { outgoing, tls, proxied };
  }

  /** Cancels every sign-in and closes every connection: the engine is not used after this. */
  async close(): Promise<void> {
    this.auth.cancelAll();
    await this.dispatchers.destroy();
  }
}

/** What masks every secret variable of `scope` in any form it may come back in. */
export function scopeScrubber(scope: VariableScope): (text: string) => string {
  return scrubberOf(secretForms(scope.secretValues(), []));
}

/**
 * What masks every secret variable of the request in any form it may come back in, and what the app derived from
 * secrets for the wire (a Basic credential, a fetched token): for everything a person's History keeps.
 */
export function historyScrubber(prepared: PreparedRequest): (text: string) => string {
  return scrubberOf(secretForms(prepared.scope.secretValues(), prepared.outgoing.derivedSecrets));
}

/**
 * `historyScrubber`, and the request's credentials besides, typed into the endpoint or not: for everything an
 * agent is told.
 */
export function agentScrubber(prepared: PreparedRequest): (text: string) => string {
  return scrubberOf(agentSecretForms(prepared));
}

/** Every text `agentScrubber` masks, for a caller that gathers those of several requests (`scrubberOf`). */
export function agentSecretForms(prepared: PreparedRequest): string[] {
  const { outgoing, request, scope } = prepared;
  return secretForms(
    [...scope.secretValues(), ...requestCredentials(outgoing, request.auth, scope)],
    outgoing.derivedSecrets,
  );
}
