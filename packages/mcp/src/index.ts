export { type LaunchInfo, runCli, usage } from './cli.js';
export { USAGE_EXIT_CODE } from './exit-codes.js';
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
