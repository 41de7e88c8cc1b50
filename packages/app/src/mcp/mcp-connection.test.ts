import { AppError, type McpExchangeEntry } from '@client/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { McpConnection } from './mcp-connection.js';
import { DEMO_STDIO, type DemoHttpServer, startDemoHttpServer } from './mcp-demo-server.test-support.js';
import type { McpTarget } from './mcp-target.js';

// Each test starts a server process (and the app a stdio one), which a loaded machine takes seconds to start.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let http: DemoHttpServer;
beforeAll(async () => {
  http = await startDemoHttpServer();
});
afterAll(() => http.close());

const options = { sessionId: 's1', clientVersion: '0.1.0', timeoutMs: 10_000 };

function targets(): [string, () => McpTarget][] {
  return [
    ['Streamable HTTP', () => ({ transport: 'http', url: http.url, headers: { 'X-Demo-Key': 'k' } })],
    ['stdio', () => ({ transport: 'stdio', ...DEMO_STDIO, env: { DEMO_TOKEN: 'from-env' } })],
  ];
}

describe.each(targets())('an MCP session over %s', (_name, target) => {
  it('initializes and tells what the server is and offers', async () => {
    const connection = await McpConnection.open(target(), options);
    try {
      expect(connection.info).toMatchObject({
        sessionId: 's1',
        server: { name: 'demo-server', version: '1.2.3' },
        instructions: 'A server for tests.',
        offers: { tools: true, resources: true, prompts: true },
      });
      expect(connection.info.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    } finally {
      await connection.close();
    }
  });

  it('lists tools with their input schemas, resources, templates and prompts', async () => {
    const connection = await McpConnection.open(target(), options);
    try {
      const catalog = await connection.catalog();
      expect(catalog.tools.map((tool) => tool.name)).toEqual(['add', 'describe', 'read_env', 'read_header', 'fail']);
      const add = catalog.tools[0];
      expect(add).toMatchObject({ title: 'Add', description: 'Adds two numbers.' });
      expect(add?.inputSchema).toMatchObject({
        type: 'object',
        properties: { a: { type: 'number', description: 'The first number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      });
      expect(catalog.resources).toEqual([
        { uri: 'demo://readme', name: 'readme', description: 'What the server is', mimeType: 'text/markdown' },
      ]);
      expect(catalog.resourceTemplates).toEqual([
        { uriTemplate: 'demo://notes/{id}', name: 'note', description: 'A note by id' },
      ]);
      expect(catalog.prompts).toEqual([
        { name: 'greet', description: 'Greets someone.', arguments: [{ name: 'name', required: true }] },
      ]);
    } finally {
      await connection.close();
    }
  });

  it('calls a tool, reads a resource and gets a prompt', async () => {
    const connection = await McpConnection.open(target(), options);
    try {
      const sum = await connection.callTool('add', { a: 2, b: 40 });
      expect(sum.isError).toBe(false);
      expect(sum.result).toMatchObject({ content: [{ type: 'text', text: '42' }], structuredContent: { sum: 42 } });
      const failed = await connection.callTool('fail', {});
      expect(failed).toMatchObject({ isError: true, result: { content: [{ text: 'this tool always fails' }] } });
      const readme = await connection.readResource('demo://readme');
      expect(readme.result).toEqual({
        contents: [{ uri: 'demo://readme', mimeType: 'text/markdown', text: '# Demo\nA server for tests.' }],
      });
      const note = await connection.readResource('demo://notes/7');
      expect(note.result).toEqual({ contents: [{ uri: 'demo://notes/7', text: 'note 7' }] });
      const prompt = await connection.getPrompt('greet', { name: 'Ada' });
      expect(prompt.result).toMatchObject({
        messages: [{ role: 'user', content: { type: 'text', text: 'Say hello to Ada.' } }],
      });
    } finally {
      await connection.close();
    }
  });

  it('keeps every JSON-RPC message in order, and only the new ones when asked from a point', async () => {
    const connection = await McpConnection.open(target(), options);
    try {
      const opening = connection.exchange().entries;
      expect(opening.map((entry) => [entry.direction, (entry.message as { method?: string }).method])).toEqual([
        ['sent', 'initialize'],
        ['received', undefined],
        ['sent', 'notifications/initialized'],
      ]);
      await connection.callTool('add', { a: 1, b: 1 });
      const after = connection.exchange(opening.at(-1)?.seq ?? 0).entries;
      expect(after.map((entry) => entry.direction)).toEqual(['sent', 'received']);
      expect(after[0]?.message).toMatchObject({
        jsonrpc: '2.0',
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 1, b: 1 } },
      });
      const [request, response] = after as [McpExchangeEntry, McpExchangeEntry];
      expect(response.message).toMatchObject({ id: (request.message as { id: number }).id, result: {} });
      expect(response.ms).toBeGreaterThanOrEqual(request.ms);
    } finally {
      await connection.close();
    }
  });

  it('turns arguments the server refuses into a VALIDATION error that quotes it', async () => {
    const connection = await McpConnection.open(target(), options);
    try {
      const refused = await connection.getPrompt('greet', {}).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'VALIDATION' });
      expect((refused as AppError).message).toMatch(/^getting the prompt "greet" failed: /);
    } finally {
      await connection.close();
    }
  });
});

describe('a stdio session', () => {
  it('hands the server the environment it was given', async () => {
    const connection = await McpConnection.open(
      { transport: 'stdio', ...DEMO_STDIO, env: { DEMO_TOKEN: 'from-env' } },
      options,
    );
    try {
      const answer = await connection.callTool('read_env', { name: 'DEMO_TOKEN' });
      expect(answer.result).toMatchObject({ content: [{ text: 'from-env' }] });
    } finally {
      await connection.close();
    }
  });

  it('says a command that does not exist was not found', async () => {
    const failure = await McpConnection.open(
      { transport: 'stdio', command: 'no-such-mcp-server-program', args: [], env: {} },
      options,
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'SEND_FAILED' });
    expect((failure as AppError).message).toContain('the command "no-such-mcp-server-program" was not found');
  });

  it('quotes what a server that exits at once wrote to stderr', async () => {
    const failure = await McpConnection.open(
      {
        transport: 'stdio',
        command: process.execPath,
        args: ['-e', 'process.stderr.write("missing API key\\n"); process.exit(3)'],
        env: {},
      },
      options,
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'SEND_FAILED' });
    expect((failure as AppError).message).toContain('missing API key');
  });

  it('tells the owner when the server goes away', async () => {
    let closed = false;
    const connection = await McpConnection.open(
      { transport: 'stdio', ...DEMO_STDIO, env: {} },
      { ...options, onClosed: () => (closed = true) },
    );
    await connection.close();
    expect(closed).toBe(true);
    expect(connection.isOpen).toBe(false);
  });
});

describe('an HTTP session', () => {
  it('says a server that does not answer could not be reached', async () => {
    const failure = await McpConnection.open(
      { transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: {} },
      options,
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'SEND_FAILED' });
    expect((failure as AppError).message).toMatch(
      /^could not connect to the MCP server http:\/\/127\.0\.0\.1:9\/mcp: /,
    );
  });
});
