import { AppError } from '@client/core';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  InitializeResultSchema,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  ListToolsResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS, type ServedTool, ToolServer } from './tool-server.js';

/** A transport the test feeds by hand, keeping every message the server sends. */
class RecordingTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  readonly sent: JSONRPCMessage[] = [];

  async start(): Promise<void> {}
  async send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
  }
  async close(): Promise<void> {
    this.onclose?.();
  }
  receive(message: unknown): void {
    this.onmessage?.(message as JSONRPCMessage);
  }
}

const echo: ServedTool = {
  name: 'echo',
  describe: () => ({ name: 'echo', title: 'Echo', inputSchema: { type: 'object', properties: {} } }),
  call: async (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }], structuredContent: args }),
};

/** Resolves when the test says so, to see a slow tool's answer held back. */
function slowTool(): { tool: ServedTool; finish(): void } {
  let finish = (): void => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    tool: {
      name: 'slow',
      describe: () => ({ name: 'slow', inputSchema: { type: 'object' } }),
      call: async () => {
        await done;
        return { content: [{ type: 'text', text: 'late' }] };
      },
    },
    finish,
  };
}

async function serve(tools: ServedTool[] = [echo]) {
  const errors: Error[] = [];
  const transport = new RecordingTransport();
  const server = new ToolServer(
    { name: 'client-mcp', title: 'Client', version: '0.1.0', instructions: 'Use the tools.' },
    tools,
    (error) => errors.push(error),
  );
  await server.connect(transport);
  /** Sends a message and waits for the server to have answered what it will. */
  const exchange = async (message: unknown): Promise<JSONRPCMessage[]> => {
    const before = transport.sent.length;
    transport.receive(message);
    await new Promise((resolve) => setImmediate(resolve));
    return transport.sent.slice(before);
  };
  return { transport, exchange, errors };
}

function resultOf(message: JSONRPCMessage | undefined): Record<string, unknown> {
  expect(message).toBeDefined();
  expect(JSONRPCMessageSchema.parse(message)).toEqual(message);
  return (message as { result: Record<string, unknown> }).result;
}

describe('ToolServer', () => {
  it('answers initialize with the client’s revision when it speaks it, in the SDK’s result shape', async () => {
    const { exchange } = await serve();

    const [answer] = await exchange({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });

    const result = InitializeResultSchema.parse(resultOf(answer));
    expect(result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'client-mcp', title: 'Client', version: '0.1.0' },
      instructions: 'Use the tools.',
    });
  });

  it('offers its newest revision to a client asking for one it does not speak', async () => {
    const { exchange } = await serve();

    const [answer] = await exchange({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });

    expect(resultOf(answer).protocolVersion).toBe(PROTOCOL_VERSIONS[0]);
  });

  it('refuses an initialize without a protocol version as invalid params', async () => {
    const { exchange } = await serve();

    expect(await exchange({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} })).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32602, message: 'initialize needs params.protocolVersion, a string' },
      },
    ]);
  });

  it('answers ping, lists the tools and calls one, each result in the SDK’s shape', async () => {
    const { exchange } = await serve();

    expect(resultOf((await exchange({ jsonrpc: '2.0', id: 'p', method: 'ping' }))[0])).toEqual({});
    const listed = ListToolsResultSchema.parse(
      resultOf((await exchange({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))[0]),
    );
    expect(listed.tools.map((tool) => tool.name)).toEqual(['echo']);
    const called = CallToolResultSchema.parse(
      resultOf(
        (
          await exchange({
            jsonrpc: '2.0',
            id: 3,
            method: 'tools/call',
            params: { name: 'echo', arguments: { a: 1 } },
          })
        )[0],
      ),
    );
    expect(called.structuredContent).toEqual({ a: 1 });
  });

  it('calls a tool without arguments with an empty object', async () => {
    const { exchange } = await serve();

    const [answer] = await exchange({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo' } });

    expect(resultOf(answer).structuredContent).toEqual({});
  });

  it('answers an unknown tool, a missing name and arguments that are not an object with invalid params', async () => {
    const { exchange } = await serve();

    const answers = [
      ...(await exchange({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nope' } })),
      ...(await exchange({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} })),
      ...(await exchange({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: [1] } })),
    ];

    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'unknown tool "nope"; the tools are echo' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'tools/call needs params.name, the name of a tool' } },
      { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'the arguments of echo must be an object' } },
    ]);
  });

  it('answers a method it does not serve with method-not-found, and ignores notifications and responses', async () => {
    const { exchange } = await serve();

    expect(await exchange({ jsonrpc: '2.0', id: 9, method: 'resources/list' })).toEqual([
      {
        jsonrpc: '2.0',
        id: 9,
        error: {
          code: -32601,
          message: 'resources/list is not served; client-mcp serves initialize, ping, tools/list and tools/call',
        },
      },
    ]);
    expect(await exchange({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual([]);
    expect(await exchange({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' })).toEqual([]);
    expect(await exchange({ jsonrpc: '2.0', id: 4, result: {} })).toEqual([]);
  });

  it('answers a message that is not JSON-RPC with invalid request, naming its id when it has one', async () => {
    const { exchange } = await serve();

    expect(await exchange({ id: 5, method: 'ping' })).toEqual([
      { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'the message must carry "jsonrpc": "2.0"' } },
    ]);
    expect(await exchange([{ jsonrpc: '2.0', id: 6, method: 'ping' }])).toEqual([
      {
        jsonrpc: '2.0',
        error: {
          code: -32600,
          message:
            'expected one JSON-RPC 2.0 message object, got a batch (an array), which MCP has not used since its 2025-06-18 revision',
        },
      },
    ]);
  });

  it('answers a batch with one array in a session of a revision that has batches, and refuses it in a later one', async () => {
    const initialize = (id: number, protocolVersion: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
    const old = await serve();
    await old.exchange(initialize(1, '2025-03-26'));

    expect(
      await old.exchange([
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { a: 1 } } },
        { id: 4, method: 'ping' },
        initialize(5, '2025-03-26'),
      ]),
    ).toEqual([
      [
        { jsonrpc: '2.0', id: 2, result: {} },
        {
          jsonrpc: '2.0',
          id: 3,
          result: { content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { a: 1 } },
        },
        { jsonrpc: '2.0', id: 4, error: { code: -32600, message: 'the message must carry "jsonrpc": "2.0"' } },
        {
          jsonrpc: '2.0',
          id: 5,
          error: { code: -32600, message: 'initialize cannot be part of a batch; send it alone' },
        },
      ],
    ]);
    expect(await old.exchange([{ jsonrpc: '2.0', method: 'notifications/initialized' }])).toEqual([]);
    expect(await old.exchange([])).toEqual([
      { jsonrpc: '2.0', error: { code: -32600, message: 'a batch must hold at least one message' } },
    ]);

    const current = await serve();
    await current.exchange(initialize(1, '2025-06-18'));
    const [refused] = await current.exchange([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(refused).toMatchObject({ error: { code: -32600, message: expect.stringContaining('2025-06-18') } });
  });

  it('sends no answer to a request the client cancelled, and still answers the others', async () => {
    const slow = slowTool();
    const { exchange, transport } = await serve([echo, slow.tool]);

    await exchange({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow' } });
    await exchange({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow' } });
    await exchange({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'user' } });
    slow.finish();
    await new Promise((resolve) => setImmediate(resolve));

    expect(transport.sent).toEqual([{ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'late' }] } }]);
  });

  it('answers a tool that throws with an internal error naming the method, and keeps serving', async () => {
    const broken: ServedTool = {
      name: 'broken',
      describe: () => ({ name: 'broken', inputSchema: { type: 'object' } }),
      call: async () => {
        throw new AppError('INTERNAL', 'the disk is gone');
      },
    };
    const { exchange } = await serve([broken]);

    expect(await exchange({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'broken' } })).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'client-mcp failed on tools/call: the disk is gone' } },
    ]);
    expect(await exchange({ jsonrpc: '2.0', id: 2, method: 'ping' })).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
  });
});
