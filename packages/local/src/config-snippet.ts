/** The MCP client configuration for this client-mcp; `command` must be absolute unless client-mcp is on PATH. */
export function mcpConfigSnippet(command: string): string {
  const config = { mcpServers: { client: { command } } };
  return `${JSON.stringify(config, null, 2)}\n`;
}
