import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { testCacheHome } from './cache-home.js';
import { testPortRange } from './port-range.js';

export interface McpLaunch {
  command: string;
  args?: string[];
  env: Record<string, string>;
}

export interface McpSession {
  client: Client;
  /** Everything client-mcp wrote to stderr so far. */
  stderr(): string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** Starts a real client-mcp process and connects the MCP SDK's client to it over stdio, as an agent would. */
export async function startMcpSession(launch: McpLaunch): Promise<McpSession> {
  const ports = testPortRange();
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args ?? [],
    // The SDK passes only the environment given (plus PATH, HOME and the like), so the port block goes too, and
    // the test's cache folder unless the launch has a HOME of its own (a fresh account's, whose cache is checked).
    env: {
      CLIENT_PORT_RANGE: `${ports.first}-${ports.last}`,
      ...(launch.env.HOME === undefined ? { XDG_CACHE_HOME: testCacheHome() } : {}),
      ...launch.env,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  (transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(transport);
  // Listing the tools makes the client check every structured result against the tool's output schema.
  await client.listTools();
  return {
    client,
    stderr: () => stderr,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** The single text block of a tool result. */
export function resultText(result: CallToolResult): string {
  const [first, ...rest] = result.content;
  if (first?.type !== 'text' || rest.length > 0)
    throw new Error(`expected one text block, got ${JSON.stringify(result)}`);
  return first.text;
}

/** A tool's structured result; a failed tool fails the test with its text. */
export function structuredResult(result: CallToolResult): Record<string, unknown> {
  expect(result.isError, resultText(result)).not.toBe(true);
  return result.structuredContent as Record<string, unknown>;
}

/** A failed tool's `{code, message}`: the JSON of its one text block, as for every answer of the control plane. */
export function toolError(result: CallToolResult): { code: string; message: string } {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return JSON.parse(resultText(result));
}
