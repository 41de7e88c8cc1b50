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
  /** What each agent needs to start client-mcp, and the file `Install` writes it into (null: paste it yourself). */
  agentSetups: AgentSetupView[];
  /** A direct-HTTP import the user can paste into a terminal; reads the token from its file. */
  curlExample: string;
}

/** One agent's set-up in the Agent panel: `client-mcp config --for <target>` and where `install` writes it. */
export interface AgentSetupView {
  target: string;
  language: 'json' | 'toml' | 'shell';
  text: string;
  configPath: string | null;
}
