import type { KeyValue } from '../model.js';

/** The person's answer to an agent's send. */
export const CONSENT_DECISIONS = ['once', 'endpoint', 'project', 'deny'] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

/** How long "Allow this project" lasts when the person chooses it in the prompt. */
export const PROJECT_PERMISSION_MINUTES = 15;

/** What the window shows when an agent asks to send: the request as it would go out, secrets masked. */
export interface AgentSendPrompt {
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
  /** When the agent stops waiting (ISO time). */
  expiresAt: string;
}

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
