import { ToolServer } from './protocol/tool-server.js';
import type { ToolContext } from './tool-context.js';
import { serveTool } from './tool-definition.js';
import { TOOLS } from './tool-list.js';

export const SERVER_NAME = 'client-mcp';

const INSTRUCTIONS =
  'Client is a local API client. These tools reach its agent control plane on this machine: save_curl saves a ' +
  'cURL command as an endpoint, list_projects, list_folders, list_environments and list_endpoints read what is ' +
  'saved, send_endpoint sends a saved endpoint once the person allows it in the app (their secrets stay in the ' +
  "app), run_tests runs a project's or folder's tests the same way (get_run and cancel_run follow a long run), " +
  'start_mock serves a project as a mock API on 127.0.0.1 (list_mocks, stop_mock), ' +
  'agent_info says where the control plane is. Nothing can change or delete saved data. The desktop app ' +
  'must be running; when a tool reports "no running control plane" or UNAUTHORIZED, its message says what to do next.';

/** The MCP server with its tools, in the order tools/list gives them; each call finds the control plane afresh. */
export function createClientMcpServer(
  version: string,
  context: ToolContext,
  onError: (error: Error) => void = () => {},
): ToolServer {
  return new ToolServer(
    { name: SERVER_NAME, title: 'Client', version, instructions: INSTRUCTIONS },
    TOOLS.map((tool) => serveTool(tool, context)),
    onError,
  );
}
