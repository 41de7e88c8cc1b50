import type {
  McpCallAnswer,
  McpCatalog,
  McpExchangeEntry,
  McpPromptView,
  McpResourceTemplateView,
  McpResourceView,
  McpSessionInfo,
  McpToolView,
} from '@client/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { mcpFailure } from './mcp-failure.js';
import { describeTarget, type McpTarget } from './mcp-target.js';
import { RecordingTransport } from './recording-transport.js';
import { StderrTail } from './stderr-tail.js';

export interface McpConnectOptions {
  sessionId: string;
  /** The version the app gives the server in `clientInfo`. */
  clientVersion: string;
  /** How long connecting, and each request after it, may take. */
  timeoutMs: number;
  /** Told once when the session ends, whichever side ended it. */
  onClosed?: () => void;
}

/** A list is read page by page; a server that never stops paging is cut here. */
const MAX_PAGES = 50;

function transportOf(target: McpTarget, stderr: StderrTail): Transport {
  if (target.transport === 'http') {
    return new StreamableHTTPClientTransport(new URL(target.url), { requestInit: { headers: target.headers } });
  }
  const transport = new StdioClientTransport({
    command: target.command,
    args: target.args,
    env: target.env,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.add(chunk));
  return transport;
}

/** Keeps only the fields the window shows, so a server's extra fields do not travel as if they were ours. */
function toolView(tool: McpToolView): McpToolView {
  const { name, title, description, inputSchema, outputSchema } = tool;
  return {
    name,
    inputSchema,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(outputSchema === undefined ? {} : { outputSchema }),
  };
}

/** One open session with an MCP server through the official SDK client, every message kept for the raw view. */
export class McpConnection {
  private closed = false;

  private constructor(
    private readonly client: Client,
    private readonly recorder: RecordingTransport,
    private readonly stderr: StderrTail,
    readonly target: McpTarget,
    readonly info: McpSessionInfo,
    private readonly timeoutMs: number,
  ) {}

  /** Connects and initializes; a server that cannot be reached or started is a `SEND_FAILED` that says why. */
  static async open(target: McpTarget, options: McpConnectOptions): Promise<McpConnection> {
    const stderr = new StderrTail();
    const recorder = new RecordingTransport(transportOf(target, stderr));
    const client = new Client({ name: 'Client', version: options.clientVersion });
    try {
      await client.connect(recorder, { timeout: options.timeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw mcpFailure(error, `could not connect to the MCP server ${describeTarget(target)}`, stderr.text());
    }
    const server = client.getServerVersion() ?? { name: '', version: '' };
    const capabilities = client.getServerCapabilities() ?? {};
    const instructions = client.getInstructions();
    const info: McpSessionInfo = {
      sessionId: options.sessionId,
      transport: target.transport,
      server: {
        name: server.name,
        version: server.version,
        ...(server.title === undefined ? {} : { title: server.title }),
      },
      protocolVersion: recorder.protocolVersion,
      ...(instructions === undefined ? {} : { instructions }),
      offers: {
        tools: capabilities.tools !== undefined,
        resources: capabilities.resources !== undefined,
        prompts: capabilities.prompts !== undefined,
      },
    };
    const connection = new McpConnection(client, recorder, stderr, target, info, options.timeoutMs);
    client.onclose = () => {
      connection.closed = true;
      options.onClosed?.();
    };
    return connection;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Tools, resources, resource templates and prompts, each list empty when the server does not offer it. */
  async catalog(): Promise<McpCatalog> {
    const { offers } = this.info;
    const [tools, resources, resourceTemplates, prompts] = await Promise.all([
      offers.tools ? this.pages(async (cursor) => this.client.listTools({ cursor }, this.options()), 'tools') : [],
      offers.resources
        ? this.pages(async (cursor) => this.client.listResources({ cursor }, this.options()), 'resources')
        : [],
      offers.resources
        ? this.pages(
            async (cursor) => this.client.listResourceTemplates({ cursor }, this.options()),
            'resourceTemplates',
          )
        : [],
      offers.prompts
        ? this.pages(async (cursor) => this.client.listPrompts({ cursor }, this.options()), 'prompts')
        : [],
    ]);
    return {
      tools: (tools as McpToolView[]).map(toolView),
      resources: resources as McpResourceView[],
      resourceTemplates: resourceTemplates as McpResourceTemplateView[],
      prompts: (prompts as McpPromptView[]).map((prompt) => ({ ...prompt, arguments: prompt.arguments ?? [] })),
    };
  }

  callTool(name: string, args: Record<string, unknown>): Promise<McpCallAnswer> {
    return this.timed(`calling the tool "${name}"`, async () => {
      const result = await this.client.callTool({ name, arguments: args }, undefined, this.options());
      return { result, isError: result.isError === true };
    });
  }

  readResource(uri: string): Promise<McpCallAnswer> {
    return this.timed(`reading ${uri}`, async () => ({
      result: await this.client.readResource({ uri }, this.options()),
      isError: false,
    }));
  }

  getPrompt(name: string, args: Record<string, string>): Promise<McpCallAnswer> {
    return this.timed(`getting the prompt "${name}"`, async () => ({
      result: await this.client.getPrompt({ name, arguments: args }, this.options()),
      isError: false,
    }));
  }

  /** The raw JSON-RPC messages after `afterSeq`, and how many older ones were dropped to stay within the cap. */
  exchange(afterSeq = 0): { entries: McpExchangeEntry[]; dropped: number } {
    return { entries: this.recorder.since(afterSeq), dropped: this.recorder.dropped };
  }

  /** What a stdio server wrote to its stderr lately (empty over HTTP). */
  stderrText(): string {
    return this.stderr.text();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.close();
  }

  private options(): { timeout: number } {
    return { timeout: this.timeoutMs };
  }

  private async timed(what: string, work: () => Promise<Omit<McpCallAnswer, 'durationMs'>>): Promise<McpCallAnswer> {
    const startedAt = performance.now();
    try {
      const answer = await work();
      return { ...answer, durationMs: Math.round(performance.now() - startedAt) };
    } catch (error) {
      throw mcpFailure(error, `${what} failed`, this.stderr.text());
    }
  }

  private async pages<K extends string>(
    list: (cursor: string | undefined) => Promise<{ nextCursor?: string | undefined } & Record<K, unknown[]>>,
    key: K,
  ): Promise<unknown[]> {
    const items: unknown[] = [];
    let cursor: string | undefined;
    try {
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await list(cursor);
        items.push(...answer[key]);
        cursor = answer.nextCursor;
        if (cursor === undefined) break;
      }
    } catch (error) {
      throw mcpFailure(error, `listing the server's ${key} failed`, this.stderr.text());
    }
    return items;
  }
}
