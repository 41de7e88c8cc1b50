import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from './tool-context.js';
import { registerAgentInfo } from './tools/agent-info.js';
import { registerListEndpoints } from './tools/list-endpoints.js';
import { registerListEnvironments } from './tools/list-environments.js';
import { registerListFolders } from './tools/list-folders.js';
import { registerListProjects } from './tools/list-projects.js';
import { registerSaveCurl } from './tools/save-curl.js';
import { registerSendEndpoint } from './tools/send-endpoint.js';

export const SERVER_NAME = 'client-mcp';

const INSTRUCTIONS =
  'Client is a local API client. These tools reach its agent control plane on this machine: save_curl saves a ' +
  'cURL command as an endpoint, list_projects, list_folders, list_environments and list_endpoints read what is ' +
  'saved, send_endpoint sends a saved endpoint once the person allows it in the app (their secrets stay in the ' +
  'app), agent_info says where the control plane is. Nothing can change or delete saved data. The desktop app ' +
  'must be running; when a tool reports "no running control plane" or UNAUTHORIZED, its message says what to do next.';

/** The MCP server with its tools; each call finds the control plane afresh. */
export function createClientMcpServer(version: string, context: ToolContext): McpServer {
  const server = new McpServer({ name: SERVER_NAME, title: 'Client', version }, { instructions: INSTRUCTIONS });
  registerSaveCurl(server, context);
  registerListProjects(server, context);
  registerListEndpoints(server, context);
  registerListFolders(server, context);
  registerListEnvironments(server, context);
  registerSendEndpoint(server, context);
  registerAgentInfo(server, context);
  return server;
}
