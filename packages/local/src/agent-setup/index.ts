export { type AgentSnippet, agentSnippet } from './agent-snippets.js';
export {
  AGENT_TARGETS,
  type AgentEnvironment,
  type AgentTarget,
  agentEnvironment,
  configPathOf,
  readAgentTarget,
} from './agent-targets.js';
export { type InstallOutcome, installAgentConfig } from './install-agent-config.js';
