import type { KeyValue } from '../model.js';

/** The person's answer to an agent's send. */
export const CONSENT_DECISIONS = ['once', 'endpoint', 'project', 'deny'] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

/** How long "Allow this project" lasts when the person chooses it in the prompt. */
export const PROJECT_PERMISSION_MINUTES = 15;

/** What the window shows when an agent asks to send: the request as it would go out, secrets masked. */
/** A secret an agent's send would put in its request, and where the request goes. */
interface AgentPromptSecret {
  name: string;
  host: string;
}

export interface AgentSendPrompt {
  kind: 'send';
  id: string;
  projectId: string;
  projectName: string;
  endpointId: string;
  endpointName: string;
  environmentName: string | null;
  method: string;
  url: string;
  headers: KeyValue[];
  /** The first part of the body, secrets masked; null when the request has none. */
  bodyPreview: string | null;
  /** What the agent changed for this send, as names (the values are in the request above). */
  overridden: string[];
  /** Each secret variable the request carries, by name, and the host it goes to. */
  secrets: AgentPromptSecret[];
  /** Whether an agent wrote the endpoint as it is now: no person has saved it since. */
  agentWritten: boolean;
  /** When the agent stops waiting (ISO time). */
  expiresAt: string;
}

/** A request of a run, as the prompt lists it: the URL as it would go out before scripts run, secrets masked. */
export interface AgentRunPromptRequest {
  method: string;
  /** The request's name, after the folders it is in. */
  name: string;
  url: string;
}

/**
 * What the window shows when an agent asks to run a project's or a folder's tests: every request and the hosts
 * they go to. A standing permission for the project covers a run; one for an endpoint does not.
 */
export interface AgentRunPrompt {
  kind: 'run';
  id: string;
  projectId: string;
  projectName: string;
  /** The folder run, as its path; null for the whole project. */
  folderName: string | null;
  environmentName: string | null;
  iterations: number;
  /** The first `AGENT_RUN_PROMPT_REQUESTS` requests of an iteration, in the order they run. */
  requests: AgentRunPromptRequest[];
  /** How many requests an iteration sends (more than are listed when there are many). */
  requestCount: number;
  /** Every host (`host:port`) the listed requests go to, in the order they first appear. */
  hosts: string[];
  /** Whether the scripts call `sendRequest`, so the run may send requests beyond those listed, to other hosts. */
  scriptsSendRequests: boolean;
  /** Each secret variable the run's requests carry, by name, with each host it goes to. */
  secrets: AgentPromptSecret[];
  /** Whether a request an agent wrote (no person has saved it since) carries a secret. */
  agentWritten: boolean;
  /** When the agent stops waiting (ISO time). */
  expiresAt: string;
}

/** How many of a run's requests its prompt lists. */
export const AGENT_RUN_PROMPT_REQUESTS = 100;

/** What an agent waits for the person to answer. */
export type AgentPrompt = AgentSendPrompt | AgentRunPrompt;

/** A standing permission: an endpoint for this run of the app, or a project until a time. */
export interface AgentPermission {
  id: string;
  projectId: string;
  projectName: string;
  /** Null: every endpoint of the project. */
  endpointId: string | null;
  endpointName: string | null;
  /** Null: until the app stops (an endpoint allowed for the session). */
  expiresAt: string | null;
  createdAt: string;
}
