import { randomUUID } from 'node:crypto';
import {
  type AgentPermission,
  type AgentSendPrompt,
  type AgentSendRequest,
  type AgentSendResult,
  AppError,
  type SendInput,
} from '@client/core';
import type { Store } from '@client/store';
import type { PreparedSend, RequestSender } from '../sending/request-sender.js';
import type { EventStream } from '../ui-server/event-stream.js';
import { agentSendDraft, overriddenNames } from './agent-send-draft.js';
import { agentSendResult } from './agent-send-result.js';
import { type PermissionKeeper, settleConsent } from './consent-decision.js';
import { ConsentPrompts, type Unstamped } from './consent-prompts.js';
import { secretsGoingOut } from './secrets-going-out.js';
import { refuseUnsupportedKind } from './unsupported-kinds.js';

/** How much of the body the prompt shows. */
const PREVIEW_CHARACTERS = 2_000;

/**
 * Agents' sends: each goes out only once the person allowed it (in the window, or by a standing permission
 * given there or by `client agent allow`), through the person's own sender, and comes back scrubbed.
 */
export class AgentSends {
  readonly prompts: ConsentPrompts;
  /** Where the person's standing permissions go; agents' runs keep theirs there too. */
  readonly keeper: PermissionKeeper;

  constructor(
    private readonly store: Store,
    private readonly sender: RequestSender,
    private readonly stream: EventStream,
  ) {
    this.prompts = new ConsentPrompts(stream);
    this.keeper = { store, stream, session: randomUUID() };
    store.agentPermissions.prune(this.keeper.session);
  }

  permissions(): AgentPermission[] {
    return this.store.agentPermissions.current(this.keeper.session);
  }

  revoke(id: string | null): void {
    if (id === null) this.store.agentPermissions.revokeAll();
    else this.store.agentPermissions.revoke(id);
    this.stream.send('agent-permissions-changed', {});
  }

  /**
   * Every error of an agent's send leaves scrubbed of the project's and environment's secrets, whatever raised it:
   * the messages quote requests as written, and this is the line behind that.
   */
  async send(request: AgentSendRequest): Promise<AgentSendResult> {
    const input = this.sendInput(request);
    try {
      return await this.consentAndSend(input, request);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Secrets that cannot be loaded (the environment was deleted meanwhile) make this throw why instead.
      const scrub = await this.sender.secretScrubber(input.projectId, input.environmentId);
      const message = scrub(error.message);
      throw message === error.message ? error : new AppError(error.code, message);
    }
  }

  private async consentAndSend(input: SendInput, request: AgentSendRequest): Promise<AgentSendResult> {
    const { projectId, endpointId } = input;
    if (endpointId === null) throw new AppError('INTERNAL', 'an agent sends saved endpoints only');
    const preparation = await this.sender.prepare(input, 'agent');
    // Nothing would go out: the agent hears why at once, and the person is not asked about a request that fails.
    if (!preparation.ok) {
      throw new AppError(preparation.code, `the endpoint cannot be sent: ${preparation.message}`);
    }
    const secrets = secretsGoingOut(preparation.send.prepared);
    const agentWritten = this.store.agentWritten.has(endpointId);
    // A standing permission covers the person's requests, not one an agent wrote to carry a secret somewhere.
    const standing = this.store.agentPermissions.allowing(projectId, endpointId, this.keeper.session);
    if (standing === undefined || (agentWritten && secrets.length > 0)) {
      const prompt = { ...this.promptFor(preparation.send, request), secrets, agentWritten };
      const decision = await this.prompts.ask(prompt, request.timeoutMs);
      settleConsent(decision, { what: 'send', projectId, endpointId, timeoutMs: request.timeoutMs }, this.keeper);
    }
    // Exactly the request the person was shown: it is not built again.
    const { outcome, scrub, keepInHistory } = await this.sender.dispatch(preparation.send);
    keepInHistory();
    // An agent's send is in History before its answer goes back (and the window is told).
    this.sender.flushHistory();
    if ('historyId' in outcome && outcome.historyId !== null) {
      this.stream.send('history-added', { projectId, historyId: outcome.historyId, sentBy: 'agent' });
    }
    return agentSendResult(outcome, scrub);
  }

  private sendInput(request: AgentSendRequest): SendInput {
    const endpoint = this.store.endpoints.get(request.endpointId);
    if (endpoint === undefined) {
      throw new AppError(
        'NOT_FOUND',
        `no endpoint has endpointId "${request.endpointId}"; list_endpoints (GET /agent/endpoints/<projectId>) lists them`,
      );
    }
    refuseUnsupportedKind(endpoint);
    const { projectId } = endpoint;
    let environmentId = request.environmentId;
    if (environmentId === null) environmentId = this.store.environments.getActive(projectId)?.id ?? null;
    else if (this.store.environments.get(environmentId)?.projectId !== projectId) {
      throw new AppError(
        'NOT_FOUND',
        `the endpoint's project has no environment "${environmentId}"; list_environments (GET /agent/environments/${projectId}) lists them`,
      );
    }
    return {
      requestId: `agent-${randomUUID()}`,
      projectId,
      endpointId: endpoint.id,
      environmentId,
      request: agentSendDraft(endpoint, request.overrides),
    };
  }

  private promptFor(
    send: PreparedSend,
    request: AgentSendRequest,
  ): Omit<Unstamped<AgentSendPrompt>, 'secrets' | 'agentWritten'> {
    const { input } = send;
    const preview = send.prepared.outgoing.record;
    const environment = input.environmentId === null ? undefined : this.store.environments.get(input.environmentId);
    return {
      kind: 'send',
      projectId: input.projectId,
      projectName: this.store.projects.get(input.projectId)?.name ?? input.projectId,
      endpointId: input.endpointId ?? '',
      endpointName: input.request.name,
      environmentName: environment?.name ?? null,
      method: send.prepared.outgoing.method,
      url: preview.url,
      headers: preview.headers,
      bodyPreview: preview.body === null ? null : preview.body.slice(0, PREVIEW_CHARACTERS),
      overridden: overriddenNames(request.overrides),
    };
  }
}
