import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { ImportResult } from '@client/core';
import { helloProof, newHelloNonce } from '@client/local';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentHandlers } from './agent-handlers.js';
import { type ControlPlane, type ControlPlaneOptions, startControlPlane } from './control-plane.js';
import { httpCall } from './http-call.test-support.js';
import { readImport } from './read-import.js';

const token = randomUUID();
const handlers: AgentHandlers = {
  listProjects: () => [],
  listEndpoints: () => [],
  listFolders: () => [],
  listEnvironments: () => [],
  importCurl: (request): ImportResult => ({
    endpointId: 'e1',
    projectId: 'p1',
    folderId: null,
    name: request.name ?? 'items',
    method: 'GET',
    baseUrl: null,
    path: '/items',
    queryParams: [],
    state: 'Designing',
  }),
};

const planes: ControlPlane[] = [];
const holders: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(planes.splice(0).map((plane) => plane.close()));
  await Promise.all(holders.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function start(options: Partial<ControlPlaneOptions> = {}): Promise<ControlPlane & { port: number }> {
  const plane = await startControlPlane({
    handlers,
    token,
    tokenPath: '/data/agent-token',
    flavor: 'dev',
    version: '0.1.0',
    ports: [0],
    // Read on this thread; import-reader-pool.test.ts starts control planes with their reader threads.
    reader: { read: async (body) => readImport(body) },
    ...options,
  });
  planes.push(plane);
  return Object.assign(plane, { port: plane.status.port ?? 0 });
}

/** A listener that keeps a port busy, as another program would. */
async function holdPort(port = 0): Promise<number> {
  const server = createServer();
  holders.push(server);
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function unusedPort(): Promise<number> {
  const port = await holdPort();
  const server = holders.pop();
  await new Promise((resolve) => server?.close(resolve));
  return port;
}

async function rawConnection(port: number, host = '127.0.0.1'): Promise<Socket & { received: Promise<string> }> {
  const socket = connect(port, host);
  sockets.push(socket);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const received = new Promise<string>((resolve) =>
    socket.on('close', () => resolve(Buffer.concat(chunks).toString())),
  );
  await once(socket, 'connect');
  return Object.assign(socket, { received });
}

const postHead = (port: number, length: number) =>
  `POST /agent/curl HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Agent-Token: ${token}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

/**
 * Sends `head` asking the server to say when it has taken the request (`Expect: 100-continue`: Node answers
 * `100 Continue` as it hands the request on), and resolves then.
 */
async function sendTaken(socket: Socket, head: string): Promise<void> {
  socket.write(head.replace(/\r\n\r\n$/, '\r\nExpect: 100-continue\r\n\r\n'));
  const [continued] = (await once(socket, 'data')) as [Buffer];
  expect(String(continued)).toBe('HTTP/1.1 100 Continue\r\n\r\n');
}

const projectsHead = (port: number) =>
  `GET /agent/projects HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Agent-Token: ${token}\r\nConnection: close\r\n\r\n`;

describe('port probing', () => {
  it('takes the next port when the first one is held by another listener', async () => {
    const held = await holdPort();
    const free = await unusedPort();
    const plane = await start({ ports: [held, free] });
    expect(plane.status).toEqual({ running: true, port: free, address: `http://127.0.0.1:${free}`, reason: null });
    expect((await httpCall(free, { path: '/agent/health', headers: { 'x-agent-token': token } })).status).toBe(200);
  });

  it('reports why it is down when every port is held, without throwing', async () => {
    const first = await holdPort();
    const second = await holdPort();
    const plane = await start({ ports: [first, second] });
    expect(plane.status).toEqual({
      running: false,
      port: null,
      address: null,
      reason: `ports ${first}–${second} on 127.0.0.1 are all in use by other programs; free one of them and restart the app`,
    });
    await plane.close();
  });

  it('listens on 127.0.0.1 only', async () => {
    const plane = await start();
    const other = connect(plane.port, '127.0.0.2');
    sockets.push(other);
    const [error] = (await once(other, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });
});

describe('deadlines', () => {
  it('answers 408 and closes a connection whose headers do not arrive in time', async () => {
    const plane = await start({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
    const socket = await rawConnection(plane.port);
    socket.write(`GET /agent/health HTTP/1.1\r\nHost: 127.0.0.1:${plane.port}\r\n`);
    const answer = await socket.received;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'VALIDATION',
      message: expect.stringContaining('did not arrive in time'),
    });
  });

  it('answers 408 and closes a connection whose body does not arrive in time', async () => {
    const plane = await start({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
    const socket = await rawConnection(plane.port);
    socket.write(`${postHead(plane.port, 100)}{"command":`);
    expect(await socket.received).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('requests Node refuses before routing', () => {
  it('answers headers over 16 KiB with 431 in the {code, message} shape', async () => {
    const plane = await start();
    const socket = await rawConnection(plane.port);
    socket.write(`GET /agent/health HTTP/1.1\r\nHost: 127.0.0.1:${plane.port}\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`);
    const answer = await socket.received;
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'VALIDATION',
      message: expect.stringContaining('headers are too large'),
    });
  });

  it('answers something that is not HTTP with 400 and closes the connection', async () => {
    const plane = await start();
    const socket = await rawConnection(plane.port);
    socket.write('HELLO THERE\r\n\r\n');
    expect(await socket.received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*"code":"VALIDATION"/);
  });
});

describe('concurrency', () => {
  it('queues requests beyond the limit and frees the slot of a client that went away', async () => {
    let listed = 0;
    const plane = await start({
      limits: { maxConcurrentRequests: 1 },
      handlers: {
        ...handlers,
        listProjects: () => {
          listed++;
          return [];
        },
      },
    });
    await plane.buildRoutes();
    const holder = await rawConnection(plane.port);
    await sendTaken(holder, postHead(plane.port, 100));
    holder.write('{"command":');
    const queued = await rawConnection(plane.port);
    await sendTaken(queued, projectsHead(plane.port));
    // Answered at once while every slot is taken, after the queued request was taken: had that one had a slot, it
    // would have been answered by then (nothing it does waits on anything but its turn).
    expect((await httpCall(plane.port, { path: '/agent/health', headers: { 'x-agent-token': token } })).status).toBe(
      200,
    );
    expect(listed).toBe(0);
    holder.destroy();
    expect(await queued.received).toMatch(/\r\n\r\nHTTP\/1\.1 200 /);
    expect(listed).toBe(1);
  });

  it('gives no slot to a queued request whose client went away', async () => {
    let listed = 0;
    const plane = await start({
      limits: { maxConcurrentRequests: 1 },
      handlers: {
        ...handlers,
        listProjects: () => {
          listed++;
          return [];
        },
      },
    });
    await plane.buildRoutes();
    const body = JSON.stringify({ command: 'curl https://api.example.com/items' });
    const holder = await rawConnection(plane.port);
    await sendTaken(holder, postHead(plane.port, body.length));
    holder.write(body.slice(0, 5));
    const quitter = await rawConnection(plane.port);
    await sendTaken(quitter, projectsHead(plane.port));
    // Gone at once (a reset: a FIN alone is a client that half-closed and still reads, see agent-listener.ts).
    quitter.resetAndDestroy();
    // Sent after the quitter left, so answered once the server (in this process) has seen it leave.
    expect((await httpCall(plane.port, { path: '/agent/health', headers: { 'x-agent-token': token } })).status).toBe(
      200,
    );
    holder.write(body.slice(5));
    expect(await holder.received).toMatch(/\r\n\r\nHTTP\/1\.1 201 /);
    const later = await httpCall(plane.port, { path: '/agent/projects', headers: { 'x-agent-token': token } });
    expect(later.status).toBe(200);
    // The slot went from the import to the later request: the quitter's was never run.
    expect(listed).toBe(1);
  });

  it('answers a health check before its routes are built exactly as they answer it', async () => {
    const plane = await start();
    const check = () => httpCall(plane.port, { path: '/agent/health', headers: { 'x-agent-token': token } });
    const early = await check();
    await plane.buildRoutes();
    const routed = await check();
    expect(early.text).toBe(routed.text);
    expect(early.status).toBe(routed.status);
    const framing = ({ headers }: typeof early) => [headers['content-type'], headers['content-length']];
    expect(framing(early)).toEqual(framing(routed));
  });

  it('builds no routes once it is closing, since nothing would close them', async () => {
    const plane = await start();
    await plane.close();
    await expect(plane.buildRoutes()).rejects.toThrow('the control plane is stopping');
  });

  it('answers health and the hello at once while every slot is taken, so monitoring survives a storm', async () => {
    const plane = await start({ limits: { maxConcurrentRequests: 1 } });
    await plane.buildRoutes();
    const holder = await rawConnection(plane.port);
    await sendTaken(holder, postHead(plane.port, 100));
    holder.write('{"command":');
    const health = await httpCall(plane.port, { path: '/agent/health', headers: { 'x-agent-token': token } });
    expect(health.status).toBe(200);
    const hello = await httpCall(plane.port, { path: `/agent/hello?nonce=${'ab'.repeat(32)}` });
    expect(hello.status).toBe(200);
    holder.destroy();
  });

  it('serves many concurrent requests through a small limit', async () => {
    const plane = await start({ limits: { maxConcurrentRequests: 2 } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        httpCall(plane.port, { path: '/agent/projects', headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  });
});

describe('half-closed connections', () => {
  it('answers an import whose client half-closed its side after sending it, once the reader has read it', async () => {
    // The reader reads each import once the server has seen its client half-close.
    let halfClosed = Promise.resolve();
    const plane = await start({
      reader: {
        read: async (body) => {
          await halfClosed;
          return readImport(body);
        },
      },
    });
    for (const command of ['curl https://api.example.com/items', 'wget https://api.example.com/items']) {
      let seen = () => {};
      halfClosed = new Promise((resolve) => {
        seen = resolve;
      });
      const body = JSON.stringify({ command });
      const socket = await rawConnection(plane.port);
      socket.end(postHead(plane.port, body.length) + body);
      // Sent after the FIN, so answered once the server (in this process) has seen it.
      expect((await httpCall(plane.port, { path: '/agent/health', headers: { 'x-agent-token': token } })).status).toBe(
        200,
      );
      seen();
      expect(await socket.received).toMatch(command.startsWith('curl') ? /^HTTP\/1\.1 201 / : /^HTTP\/1\.1 400 /);
    }
  });
});

describe('close', () => {
  it('lets an in-flight request finish, then refuses new connections', async () => {
    const plane = await start();
    const body = JSON.stringify({ command: 'curl https://api.example.com/items' });
    const socket = await rawConnection(plane.port);
    await sendTaken(socket, postHead(plane.port, body.length));
    socket.write(body.slice(0, 10));
    const closed = plane.close();
    socket.write(body.slice(10));
    expect(await socket.received).toMatch(/\r\n\r\nHTTP\/1\.1 201 /);
    await closed;
    expect(plane.status).toEqual({
      running: false,
      port: null,
      address: null,
      reason: 'the control plane was stopped',
    });
    const late = connect(plane.port, '127.0.0.1');
    sockets.push(late);
    const [error] = (await once(late, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });

  it('cuts a request that does not finish within the grace period', async () => {
    const plane = await start({ limits: { closeGraceMs: 200 } });
    const socket = await rawConnection(plane.port);
    await sendTaken(socket, postHead(plane.port, 100));
    socket.write('{"command":');
    await plane.close();
    expect(await socket.received).toBe('HTTP/1.1 100 Continue\r\n\r\n');
  });
});

describe('the hello', () => {
  it('answers a nonce without the token with the proof for the port it listens on, and nothing else', async () => {
    const plane = await start();
    const nonce = newHelloNonce();
    const answer = await httpCall(plane.port, { path: `/agent/hello?nonce=${nonce}` });

    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ app: 'Client', proof: helloProof(token, nonce, plane.port) });
    expect(answer.text).not.toContain(token);
    // The token is still needed for everything else.
    expect((await httpCall(plane.port, { path: '/agent/health' })).status).toBe(401);
  });

  it.each([
    ['no nonce', '/agent/hello'],
    ['a short nonce', '/agent/hello?nonce=abc'],
    ['upper-case hex', `/agent/hello?nonce=${'AB'.repeat(32)}`],
    ['two nonces', `/agent/hello?nonce=${'a'.repeat(64)}&nonce=${'b'.repeat(64)}`],
  ])('refuses %s with 400 VALIDATION', async (_case, path) => {
    const plane = await start();
    const answer = await httpCall(plane.port, { path });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('64 lower-case hex') });
  });

  it('keeps the Host and Origin checks', async () => {
    const plane = await start();
    const path = `/agent/hello?nonce=${newHelloNonce()}`;
    expect((await httpCall(plane.port, { path, headers: { host: 'evil.example' } })).status).toBe(403);
    expect((await httpCall(plane.port, { path, headers: { origin: 'http://evil.example' } })).status).toBe(403);
  });
});
