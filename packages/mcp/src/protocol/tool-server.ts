import { AppError, isAppError } from '@client/core';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  CallToolResult,
  InitializeResult,
  JSONRPCMessage,
  ListToolsResult,
  RequestId,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { classifyMessage, errorResponse, JSON_RPC_ERROR } from './json-rpc.js';

/** What a tool can do while its call is answered: tell the client how far it is, when the client asked to hear. */
export interface ToolCall {
  /**
   * Sends `notifications/progress` for this call (`progress` must grow from one to the next); absent when the
   * client gave no `progressToken`. Nothing is sent once the call is answered or cancelled.
   */
  progress?(progress: number, total: number | undefined, message: string): void;
}

/** One tool as the server serves it: its tools/list entry, and a call that checks its own arguments. */
export interface ServedTool {
  readonly name: string;
  describe(): Tool;
  call(args: Record<string, unknown>, call: ToolCall): Promise<CallToolResult>;
}

/** MCP's progress tokens are strings or integers, like request ids. */
function isProgressToken(value: unknown): value is string | number {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

export interface ServerIdentity {
  name: string;
  title: string;
  version: string;
  instructions: string;
}

/** The MCP revisions this server speaks, newest first: all of them carry what it serves (tools). */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;

/**
 * The revisions in which a client may send a JSON-RPC batch: 2025-03-26 added batches to MCP and 2025-06-18 took
 * them out again; the earlier revisions rest on JSON-RPC 2.0, which has them.
 */
const BATCH_VERSIONS: readonly string[] = ['2025-03-26', '2024-11-05', '2024-10-07'];

/** How a failed request is answered: parameters that do not fit (VALIDATION), a method not served (NOT_FOUND). */
function rpcErrorCode(error: unknown): number {
  if (!isAppError(error)) return JSON_RPC_ERROR.internalError;
  if (error.code === 'VALIDATION') return JSON_RPC_ERROR.invalidParams;
  if (error.code === 'NOT_FOUND') return JSON_RPC_ERROR.methodNotFound;
  return JSON_RPC_ERROR.internalError;
}

/**
 * The server side of MCP for a server that offers tools and nothing else: the initialize handshake with version
 * negotiation, ping, tools/list, tools/call and cancellation, on any MCP transport.
 */
export class ToolServer {
  private readonly tools: ReadonlyMap<string, ServedTool>;
  private listed: Tool[] | undefined;
  /** Requests being answered; a cancelled one is removed, and its answer is not sent, as MCP asks. */
  private readonly inFlight = new Set<RequestId>();
  private transport: Transport | undefined;
  /** The revision the initialize handshake settled on; none before it. */
  private protocolVersion: string | undefined;

  constructor(
    private readonly identity: ServerIdentity,
    tools: readonly ServedTool[],
    private readonly onError: (error: Error) => void,
  ) {
    this.tools = new Map(tools.map((tool) => [tool.name, tool]));
  }

  async connect(transport: Transport): Promise<void> {
    this.transport = transport;
    transport.onmessage = (message) => this.receive(message);
    transport.onerror = this.onError;
    await transport.start();
  }

  private receive(raw: unknown): void {
    if (Array.isArray(raw) && this.protocolVersion !== undefined && BATCH_VERSIONS.includes(this.protocolVersion)) {
      void this.answerBatch(raw);
      return;
    }
    void this.reply(raw).then((answer) => answer !== undefined && this.send(answer));
  }

  /** The answer to one message: none to a notification, a response, or a request the client cancelled. */
  private reply(raw: unknown): Promise<JSONRPCMessage | undefined> {
    const message = classifyMessage(raw);
    switch (message.kind) {
      case 'invalid':
        return Promise.resolve(errorResponse(message.id, JSON_RPC_ERROR.invalidRequest, message.message));
      case 'response':
        return Promise.resolve(undefined);
      case 'notification':
        if (message.method === 'notifications/cancelled') this.inFlight.delete(message.params.requestId as RequestId);
        return Promise.resolve(undefined);
      case 'request':
        return this.answer(message.id, message.method, message.params);
    }
  }

  /**
   * A batch is answered as JSON-RPC 2.0 says: one array of the answers, sent when the last is ready, nothing when
   * it held only notifications, and an error for an empty one. initialize must come alone, as 2025-03-26 says.
   */
  private async answerBatch(batch: readonly unknown[]): Promise<void> {
    if (batch.length === 0) {
      this.send(errorResponse(undefined, JSON_RPC_ERROR.invalidRequest, 'a batch must hold at least one message'));
      return;
    }
    const answers = await Promise.all(
      batch.map((raw) => {
        const message = classifyMessage(raw);
        if (message.kind === 'request' && message.method === 'initialize') {
          const why = 'initialize cannot be part of a batch; send it alone';
          return Promise.resolve(errorResponse(message.id, JSON_RPC_ERROR.invalidRequest, why));
        }
        return this.reply(raw);
      }),
    );
    const sent = answers.filter((answer) => answer !== undefined);
    // The transport writes what it is given as one JSON text; the SDK's type has no batch in it.
    if (sent.length > 0) this.send(sent as unknown as JSONRPCMessage);
  }

  private answer(id: RequestId, method: string, params: Record<string, unknown>): Promise<JSONRPCMessage | undefined> {
    this.inFlight.add(id);
    return this.handle(id, method, params).then(
      (result) => (this.inFlight.delete(id) ? { jsonrpc: '2.0' as const, id, result } : undefined),
      (error: unknown) => {
        if (!this.inFlight.delete(id)) return undefined;
        const code = rpcErrorCode(error);
        const detail = error instanceof Error ? error.message : String(error);
        const message = code === JSON_RPC_ERROR.internalError ? `client-mcp failed on ${method}: ${detail}` : detail;
        return errorResponse(id, code, message);
      },
    );
  }

  private async handle(
    id: RequestId,
    method: string,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    switch (method) {
      case 'initialize':
        return this.initialize(params);
      case 'ping':
        return {};
      case 'tools/list':
        return this.listTools();
      case 'tools/call':
        return this.callTool(params, this.toolCall(id, params));
      default:
        throw new AppError(
          'NOT_FOUND',
          `${method} is not served; client-mcp serves initialize, ping, tools/list and tools/call`,
        );
    }
  }

  private initialize(params: Record<string, unknown>): InitializeResult {
    const requested = params.protocolVersion;
    if (typeof requested !== 'string')
      throw new AppError('VALIDATION', 'initialize needs params.protocolVersion, a string');
    const { name, title, version, instructions } = this.identity;
    // The client's revision when this server speaks it, else the newest, which the client may then refuse.
    this.protocolVersion = (PROTOCOL_VERSIONS as readonly string[]).includes(requested)
      ? requested
      : PROTOCOL_VERSIONS[0];
    return {
      protocolVersion: this.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name, title, version },
      instructions,
    };
  }

  private listTools(): ListToolsResult {
    this.listed ??= [...this.tools.values()].map((tool) => tool.describe());
    return { tools: this.listed };
  }

  /** What the call of request `id` may send while it runs: progress, when `_meta.progressToken` asks for it. */
  private toolCall(id: RequestId, params: Record<string, unknown>): ToolCall {
    const meta = params._meta;
    const token =
      typeof meta === 'object' && meta !== null ? (meta as { progressToken?: unknown }).progressToken : undefined;
    if (!isProgressToken(token)) return {};
    return {
      progress: (progress, total, message) => {
        if (!this.inFlight.has(id)) return;
        this.send({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress, ...(total === undefined ? {} : { total }), message },
        });
      },
    };
  }

  private callTool(params: Record<string, unknown>, call: ToolCall): Promise<CallToolResult> {
    const { name, arguments: args = {} } = params;
    if (typeof name !== 'string') throw new AppError('VALIDATION', 'tools/call needs params.name, the name of a tool');
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new AppError('VALIDATION', `the arguments of ${name} must be an object`);
    }
    const tool = this.tools.get(name);
    if (tool === undefined) {
      throw new AppError('VALIDATION', `unknown tool "${name}"; the tools are ${[...this.tools.keys()].join(', ')}`);
    }
    return tool.call(args as Record<string, unknown>, call);
  }

  private send(message: JSONRPCMessage): void {
    this.transport?.send(message).catch((error: Error) => this.onError(error));
  }
}
