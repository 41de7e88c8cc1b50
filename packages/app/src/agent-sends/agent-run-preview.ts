import { type AgentRunPromptRequest, AppError, type EndpointScripts, endpointUrlTemplate } from '@client/core';
import { agentSecretForms, type HttpEngine, scrubberOf, secretForms, VariableScope } from '@client/http';
import type { PlannedRequest, RunPlan } from '@client/runner';
import { type SecretGoingOut, secretsCarried } from './secrets-going-out.js';

/** What the person is shown of a run before it starts, and what masks its secrets in everything the agent is told. */
export interface RunPreview {
  /** Every request of an iteration, in the order they run. */
  requests: AgentRunPromptRequest[];
  /** Every `host:port` they go to, in the order they first appear. */
  hosts: string[];
  scriptsSendRequests: boolean;
  /** Each secret the requests carry, with the host it goes to (each pair once). */
  secrets: SecretGoingOut[];
  /** Whether a request an agent wrote carries a secret: no standing permission covers the run then. */
  agentWritten: boolean;
  /** Masks, in every encoded form, each secret variable of the run and each credential its requests carry. */
  scrub: (text: string) => string;
}

/** `sendRequest` in any of a request's scripts (Postman's `pm.sendRequest`, Bruno's `bru.sendRequest`). */
function sendsRequests(planned: PlannedRequest): boolean {
  const all: (EndpointScripts | undefined)[] = [
    ...planned.levels.map((level) => level.scripts),
    planned.endpoint.scripts,
  ];
  return all.some(
    (scripts) =>
      scripts !== undefined &&
      [scripts.preRequest, scripts.postResponse, scripts.tests].some((text) => text.includes('sendRequest')),
  );
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/**
 * Builds each request of the plan as it would go out before its scripts run (variables resolved, secrets masked in
 * the URL shown), without its body: the URL, the headers and the auth are what say where it goes and what
 * credentials it carries. Reads no file and sends nothing. A request that cannot be built yet (a variable a script
 * sets first) is shown with its URL as written.
 */
export async function previewRun(
  engine: HttpEngine,
  plan: RunPlan,
  writtenByAgent: (endpointId: string) => boolean,
): Promise<RunPreview> {
  const scope = VariableScope.layered(plan.variables, plan.environment?.variables ?? []);
  // The environment's secrets count even when no request could be built to carry them.
  const forms = secretForms(scope.secretValues(), []);
  const requests: AgentRunPromptRequest[] = [];
  const hosts = new Set<string>();
  const secrets = new Map<string, SecretGoingOut>();
  let agentWritten = false;
  for (const planned of plan.requests) {
    const { endpoint, item, settings } = planned;
    const name = [...item.path, item.name].join(' / ');
    let request: AgentRunPromptRequest;
    let host: string | null;
    try {
      const prepared = await engine.prepare({ ...endpoint, body: { mode: 'none' } }, scope, settings);
      forms.push(...agentSecretForms(prepared));
      request = { method: prepared.outgoing.method, name, url: prepared.outgoing.record.url };
      host = prepared.outgoing.url.host;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      request = {
        method: endpoint.method.toUpperCase(),
        name,
        url: scope.resolve(
          endpointUrlTemplate(endpoint.path, (name) => scope.value(name)),
          true,
        ),
      };
      host = hostOf(request.url);
    }
    requests.push(request);
    if (host !== null) hosts.add(host);
    const carried = secretsCarried(scope, endpoint);
    for (const name of carried) secrets.set(`${name}\0${host}`, { name, host: host ?? request.url });
    if (carried.length > 0 && writtenByAgent(item.id)) agentWritten = true;
  }
  return {
    requests,
    hosts: [...hosts],
    scriptsSendRequests: plan.requests.some(sendsRequests),
    secrets: [...secrets.values()],
    agentWritten,
    scrub: scrubberOf(forms),
  };
}
