import { AppError, type ConsentDecision, PROJECT_PERMISSION_MINUTES } from '@client/core';
import type { Store } from '@client/store';
import type { EventStream } from '../ui-server/event-stream.js';

/** What the person was asked about: an agent's send of one endpoint, or its run of a project's or folder's tests. */
export interface ConsentQuestion {
  what: 'send' | 'run';
  projectId: string;
  /** The endpoint a send goes to; null for a run, which no endpoint's permission covers. */
  endpointId: string | null;
  timeoutMs: number;
}

/** Where standing permissions are kept, and the window that lists them. */
export interface PermissionKeeper {
  store: Store;
  stream: EventStream;
  /** This run of the app: an endpoint allowed "until Client closes" is allowed until it stops. */
  session: string;
}

/**
 * Acts on the person's answer: no answer and a no become the agent's CONSENT_TIMEOUT and DENIED; a standing
 * permission is kept (and the window's list of them refreshed); `once` lets this one go.
 */
export function settleConsent(
  decision: ConsentDecision | 'timeout',
  question: ConsentQuestion,
  keeper: PermissionKeeper,
): void {
  const { what, projectId, endpointId, timeoutMs } = question;
  switch (decision) {
    case 'timeout':
      throw new AppError(
        'CONSENT_TIMEOUT',
        `nobody answered in the Client window within ${Math.round(timeoutMs / 1000)} s; ask the person to allow ` +
          `the ${what} there (or to run \`client agent allow --project <name> --minutes 15\`), then ${what} again`,
      );
    case 'deny':
      throw new AppError(
        'DENIED',
        `the person denied this ${what} in the Client app; do not ${what} it again unless they ask`,
      );
    case 'endpoint':
      if (endpointId === null) throw new AppError('INTERNAL', `a ${what} cannot be allowed for one endpoint`);
      keeper.store.agentPermissions.allowEndpoint(endpointId, keeper.session);
      keeper.stream.send('agent-permissions-changed', {});
      return;
    case 'project': {
      const until = new Date(Date.now() + PROJECT_PERMISSION_MINUTES * 60_000).toISOString();
      keeper.store.agentPermissions.allowProject(projectId, until);
      keeper.stream.send('agent-permissions-changed', {});
      return;
    }
    case 'once':
      return;
  }
}
