export { type LaunchInfo, runCli, USAGE_EXIT_CODE, usage } from './cli.js';
export { mcpConfigSnippet } from './config-snippet.js';
export { type Discovery, type DiscoveryOptions, discoverControlPlane } from './discovery/discover-control-plane.js';
export { NOT_RUNNING_PREFIX } from './discovery/discovery-messages.js';
export { type InstallLocation, resolveInstallLocation } from './discovery/install-location.js';
export {
  agentInfoOutputSchema,
  endpointListingSchema,
  importResultSchema,
  listEndpointsOutputSchema,
  listProjectsOutputSchema,
  projectListingSchema,
} from './output-schemas.js';
export { serveStdio } from './serve-stdio.js';
export { createClientMcpServer, SERVER_NAME } from './server.js';
export { defaultToolContext, type ToolContext } from './tool-context.js';
export { type AgentInfoOutput, agentInfo } from './tools/agent-info.js';
