import type { Flavor } from '../constants.js';

/** Whether the agent control plane runs and where its files are: what `client status` prints. */
export interface AppStatus {
  /** Whether a control plane answers `GET /agent/health` with this install's token. */
  running: boolean;
  address: string | null;
  port: number | null;
  /** Why it is not running, in words that say what to do; null when it runs. */
  reason: string | null;
  tokenPath: string;
  dataDir: string;
  flavor: Flavor;
  /** The running app's version, else this command's. */
  version: string;
}

/** What the app's UI server answers on `GET /api/agent`: the status, and what the Agent panel lets a user copy. */
export interface AgentStatus extends AppStatus {
  /** The ready `{"mcpServers": …}` snippet for an MCP client. */
  mcpConfig: string;
  /** A direct-HTTP import the user can paste into a terminal; reads the token from its file. */
  curlExample: string;
}
