import type { ControlPlaneStatus } from '@client/control-plane';
import type { Flavor, ImportRequest, ImportResult } from '@client/core';
import type { OpenBrowser } from '@client/http';
import type { AgentEnvironment } from '@client/local/agent-setup';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import type { LinkedFolders } from '../linked/linked-folders.js';
import type { MockControl } from '../mocks/mock-control.js';
import type { AppEvents } from '../runtime/app-events.js';

/** The facts the Agent panel shows (the in-app status command). */
export interface AgentFacts {
  controlPlane: ControlPlaneStatus;
  tokenPath: string;
  dataDir: string;
  flavor: Flavor;
  version: string;
  /** The absolute command an MCP client runs to start client-mcp. */
  mcpCommand: string;
  /** Where the person's agents keep their configuration (the home directory and environment). */
  agentEnvironment: AgentEnvironment;
}

export interface UiServerOptions {
  store: Store;
  events: AppEvents;
  /**
   * Opens the secret box, the one place that decrypts: secret values are decrypted only to send a request
   * or for a reveal. Called when a secret is first needed, so the keychain is not touched before.
   */
  openSecrets(): Promise<SecretBox>;
  /** The app's one import path (the control plane's): saves and announces `endpoint-imported`, synchronously. */
  importCurl(request: ImportRequest): ImportResult;
  agent(): AgentFacts;
  /** The app's mocks: the Mock view starts, lists and stops them, and follows their live logs. */
  mocks: MockControl;
  /** The built UI (index.html and assets); `@client/ui`'s `dist` unless given. */
  bundleDir?: string;
  /** How long a sent request may take, headers and body, before it is given up; default 60 s. */
  sendTimeoutMs?: number;
  /** Opens a URL in the person's own browser (an OAuth 2.0 sign-in); the system's default browser unless given. */
  openBrowser?: OpenBrowser;
  /** Receives notices (never request contents or secrets); silent unless given. */
  log?: (line: string) => void;
  /** The projects kept as folders of files; the link routes answer INTERNAL without. */
  linked?: LinkedFolders;
  /** Called when a browser has opened a session with the secret: the page that led it there has served. */
  onSessionStarted?: () => void;
}
