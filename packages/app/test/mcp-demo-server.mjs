// A small MCP server for the tests of the window's MCP endpoints, built with the SDK's McpServer. With no argument it
// speaks on stdio; with `--http` it serves Streamable HTTP on 127.0.0.1 (a port the system picks) and prints
// `listening <port>` on stdout once it takes connections.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

function demoServer() {
  const server = new McpServer({ name: 'demo-server', version: '1.2.3' }, { instructions: 'A server for tests.' });
  server.registerTool(
    'add',
    {
      title: 'Add',
      description: 'Adds two numbers.',
      inputSchema: { a: z.number().describe('The first number'), b: z.number() },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }),
  );
  server.registerTool(
    'describe',
    {
      description: 'Repeats every kind of argument back.',
      inputSchema: {
        message: z.string(),
        shout: z.boolean().optional(),
        mood: z.enum(['calm', 'busy']),
        count: z.number().int().optional(),
        tags: z.array(z.string()).optional(),
        meta: z.object({ source: z.string() }).optional(),
      },
    },
    async (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }),
  );
  server.registerTool(
    'read_env',
    { description: 'Tells the value of an environment variable of the server.', inputSchema: { name: z.string() } },
    async ({ name }) => ({ content: [{ type: 'text', text: process.env[name] ?? '(unset)' }] }),
  );
  server.registerTool(
    'read_header',
    {
      description: 'Tells the value of a header of the HTTP request that carried the call.',
      inputSchema: { name: z.string() },
    },
    async ({ name }, extra) => ({
      content: [{ type: 'text', text: String(extra.requestInfo?.headers[name.toLowerCase()] ?? '(none)') }],
    }),
  );
  server.registerTool('fail', { description: 'Always fails.' }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'this tool always fails' }],
  }));
  server.registerResource(
    'readme',
    'demo://readme',
    { description: 'What the server is', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Demo\nA server for tests.' }] }),
  );
  server.registerResource(
    'note',
    new ResourceTemplate('demo://notes/{id}', { list: undefined }),
    { description: 'A note by id' },
    async (uri, { id }) => ({ contents: [{ uri: uri.href, text: `note ${id}` }] }),
  );
  server.registerPrompt('greet', { description: 'Greets someone.', argsSchema: { name: z.string() } }, ({ name }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Say hello to ${name}.` } }],
  }));
  return server;
}

async function serveHttp() {
  const transports = new Map();
  const readBody = async (request) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
  };
  const listener = createServer(async (request, response) => {
    if (!request.url?.startsWith('/mcp')) {
      response.writeHead(404).end();
      return;
    }
    const body = request.method === 'POST' ? await readBody(request) : undefined;
    const sessionId = request.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (transport === undefined && isInitializeRequest(body)) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => transports.set(id, transport),
      });
      transport.onclose = () => transports.delete(transport.sessionId);
      await demoServer().connect(transport);
    }
    if (transport === undefined) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'no session' }, id: null }));
      return;
    }
    await transport.handleRequest(request, response, body);
  });
  listener.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${listener.address().port}\n`));
}

if (process.argv.includes('--http')) await serveHttp();
else await demoServer().connect(new StdioServerTransport());
