/**
 * Where one MCP session connects, with every `{{variable}}` resolved: a Streamable HTTP URL with its headers, or a
 * program the app starts and speaks to over its stdin and stdout.
 */
export type McpTarget =
  | { transport: 'http'; url: string; headers: Record<string, string> }
  | { transport: 'stdio'; command: string; args: string[]; env: Record<string, string> };

/** The target as a person reads it in History and messages: the URL, or the command line. */
export function describeTarget(target: McpTarget): string {
  if (target.transport === 'http') return target.url;
  return [target.command, ...target.args].join(' ');
}
