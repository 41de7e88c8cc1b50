import type { ToolDefinition } from './tool-definition.js';
import { agentInfoTool } from './tools/agent-info.js';
import { cancelRunTool, getRunTool } from './tools/follow-run.js';
import { listEndpointsTool } from './tools/list-endpoints.js';
import { listEnvironmentsTool } from './tools/list-environments.js';
import { listFoldersTool } from './tools/list-folders.js';
import { listProjectsTool } from './tools/list-projects.js';
import { listMocksTool, startMockTool, stopMockTool } from './tools/mocks.js';
import { runTestsTool } from './tools/run-tests.js';
import { saveCurlTool } from './tools/save-curl.js';
import { sendEndpointTool } from './tools/send-endpoint.js';

/** Every tool of client-mcp, in the order tools/list gives them. */
export const TOOLS: readonly ToolDefinition[] = [
  saveCurlTool,
  listProjectsTool,
  listEndpointsTool,
  listFoldersTool,
  listEnvironmentsTool,
  sendEndpointTool,
  runTestsTool,
  getRunTool,
  cancelRunTool,
  startMockTool,
  listMocksTool,
  stopMockTool,
  agentInfoTool,
];
