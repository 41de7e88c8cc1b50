import type { EndpointAuth } from '../model.js';

/*
 * The JSON of an OAuth 2.0 authorization code sign-in through the person's browser: what the UI posts and what
 * the app's UI server answers. The tokens themselves never cross it.
 */

/** The auth to sign in for, as the editor has it, and where it is: so an inherited grant is found. */
export interface SignInInput {
  projectId: string;
  environmentId: string | null;
  /** The folder of the endpoint (or the folder whose auth it is); null: the project root. */
  folderId: string | null;
  auth: EndpointAuth;
}

/** A sign-in under way: the address the browser was sent to. */
export interface StartedSignIn {
  flowId: string;
  authorizationUrl: string;
  /** False when no browser could be opened: the person opens `authorizationUrl` themselves. */
  browserOpened: boolean;
}

/** What the app holds for a grant, without the tokens themselves. */
export interface TokenStatus {
  hasToken: boolean;
  /** ISO time the access token expires; null when unknown or there is none. */
  expiresAt: string | null;
  /** Whether a refresh token is kept, so an expired access token is renewed without signing in again. */
  refreshable: boolean;
  obtainedAt: string | null;
}
