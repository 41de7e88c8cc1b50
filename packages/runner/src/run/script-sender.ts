import { AppError, DEFAULT_REQUEST_SETTINGS, type EndpointDraft, type RequestSettings } from '@client/core';
import { CookieJars, type HttpEngine, VariableScope } from '@client/http';
import type { OutgoingScriptRequest, ScriptResponse, SendRequestHost } from '../sandbox/script-types.js';

const SEND_LIMITS = { displayBytes: 16 * 1024 * 1024, readLimitBytes: 32 * 1024 * 1024 };

/**
 * What `pm.sendRequest` and `bru.sendRequest` go through: the engine, with the settings of the request whose script
 * asks (TLS, proxy, timeout), a jar of their own, and nothing resolved: a script resolves what it means to send
 * (`pm.variables.replaceIn`), as in Postman. A secret of the run's variables (`secrets`) that a script wrote into
 * the request is still held to its allowed hosts.
 */
export function scriptSender(
  engine: HttpEngine,
  projectId: string,
  runSignal: AbortSignal | undefined,
  secrets: () => VariableScope,
): { send: SendRequestHost; settings: RequestSettings } {
  const jars = new CookieJars(new Map());
  const sender = {
    settings: DEFAULT_REQUEST_SETTINGS,
    send: async (request: OutgoingScriptRequest, signal: AbortSignal): Promise<ScriptResponse> => {
      const draft: EndpointDraft & { auth: { type: 'none' } } = {
        name: 'sendRequest',
        method: request.method,
        path: request.url,
        queryParams: [],
        headers: request.headers,
        body: request.body,
        auth: { type: 'none' },
        state: 'Designing',
      };
      const prepared = await engine.prepare(draft, VariableScope.layered([], []), sender.settings, secrets());
      const signals = runSignal === undefined ? [signal] : [signal, runSignal];
      const outcome = await engine.send(prepared, {
        jar: await jars.of(projectId),
        projectId,
        signal: AbortSignal.any(signals),
        limits: SEND_LIMITS,
      });
      if (outcome.kind !== 'response') {
        throw new AppError('VALIDATION', outcome.kind === 'cancelled' ? 'the request was cancelled' : outcome.message);
      }
      return {
        code: outcome.status,
        status: outcome.statusText,
        headers: outcome.headers,
        body: outcome.body.text ?? '',
        responseTime: Math.round(outcome.durationMs),
        size: outcome.body.size,
      };
    },
  };
  return sender;
}
