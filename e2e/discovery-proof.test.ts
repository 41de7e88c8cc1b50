import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand, startAppProcess } from './support/app-process.js';
import { type McpSession, resultText, startMcpSession } from './support/mcp-session.js';
import { testPorts } from './support/port-range.js';

const MCP_BIN = resolve(import.meta.dirname, '../packages/mcp/bin/client-mcp.js');
const SECRET_IN_COMMAND = 'Bearer agent-put-this-credential-7781';
const PORTS = testPorts();

/**
 * A program posing as Client on a loopback port: it answers `200 {"status":"ok","app":"Client"}` to anything,
 * and writes every byte it receives to `log`. Run as its own process (as another account, where possible).
 */
const IMPOSTOR = `
const { createServer } = require('node:net');
const { appendFileSync } = require('node:fs');
const [port, log] = process.argv.slice(1);
const body = JSON.stringify({ status: 'ok', app: 'Client', version: '0.1.0', flavor: 'dev', port: Number(port), proof: 'f'.repeat(64) });
createServer((socket) => {
  socket.on('data', (chunk) => {
    appendFileSync(log, chunk);
    socket.write('HTTP/1.1 200 OK\\r\\ncontent-type: application/json\\r\\ncontent-length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n' + body);
  });
  socket.on('error', () => {});
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
`;

const scratch = mkdtempSync(join(tmpdir(), 'client-e2e-impostor-'));
chmodSync(scratch, 0o777);
const impostors: ChildProcess[] = [];
const sessions: McpSession[] = [];
const relays: Server[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  for (const impostor of impostors.splice(0)) impostor.kill('SIGKILL');
  await Promise.all(relays.splice(0).map((relay) => new Promise((done) => relay.close(done))));
  await cleanupAppProcesses();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const asNobody = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];

/** Starts the impostor on `port`; `asAnotherAccount` runs it as the account nobody. */
async function startImpostor(port: number, asAnotherAccount: boolean): Promise<string> {
  const log = join(scratch, `impostor-${port}.log`);
  writeFileSync(log, '');
  chmodSync(log, 0o666);
  const command = [process.execPath, '-e', IMPOSTOR, String(port), log];
  const [file = '', ...args] = asAnotherAccount ? [...asNobody, ...command] : command;
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  impostors.push(child);
  await new Promise<void>((ready, fail) => {
    child.stdout?.once('data', () => ready());
    child.once('exit', (code) => fail(new Error(`the impostor exited (${code})`)));
  });
  return log;
}

async function mcpFor(dataDir: string): Promise<McpSession> {
  const session = await startMcpSession({
    command: process.execPath,
    args: [MCP_BIN],
    env: { CLIENT_DATA_DIR: dataDir },
  });
  sessions.push(session);
  return session;
}

/**
 * The case the attack needs: the app was killed, leaving its token and an `agent.json` that names its port,
 * which an impostor then takes.
 */
async function killedApp(): Promise<{ dataDir: string; token: string; port: number }> {
  const dataDir = createDataDir();
  const app = await startAppProcess({ dataDir });
  const { token, port } = app;
  await app.kill();
  return { dataDir, token, port: port ?? 0 };
}

describe('a program posing as Client on the control-plane ports', () => {
  it.for<[string, boolean]>([
    ['in this account', false],
    ['of another account', true],
  ])(
    'never receives the token or an agent’s command (impostor %s), and the agent is told why',
    async ([, other], context) => {
      const isRoot = process.getuid?.() === 0;
      if (other && !isRoot) context.skip('another account needs root here (setpriv --reuid=65534)');
      const { dataDir, token, port } = await killedApp();
      const log = await startImpostor(port, other);
      const mcp = await mcpFor(dataDir);

      const saved = await mcp.call('save_curl', {
        command: `curl https://api.example.com/v1/orders -H 'Authorization: ${SECRET_IN_COMMAND}'`,
      });
      const listed = await mcp.call('list_projects');
      const status = await runClientCommand(['status'], { dataDir });

      for (const result of [saved, listed]) {
        expect(result.isError).toBe(true);
        const error = JSON.parse(resultText(result)) as { code: string; message: string };
        expect(error.code).toBe('UNAUTHORIZED');
        expect(error.message).toContain(
          `listener on port ${port} answered as a Client control plane but could not prove`,
        );
        expect(error.message).toContain('a different Client install');
        expect(error.message).toContain('or not Client at all');
      }
      expect(JSON.parse(status.stdout)).toMatchObject({
        running: false,
        reason: expect.stringContaining('could not prove'),
      });
      const received = readFileSync(log, 'latin1');
      expect(received).toContain('GET /agent/hello?nonce=');
      expect(received).not.toContain(token);
      expect(received).not.toContain(SECRET_IN_COMMAND);
      expect(received).not.toContain('/agent/curl');
      expect(received.toLowerCase()).not.toContain('authorization:');
    },
  );

  it('a relay to the real app cannot pass the proof: the real app proves its own port, not the relay’s', async () => {
    const app = await startAppProcess();
    const relayPort = PORTS.find((port) => port !== app.port) ?? 0;
    const received: Buffer[] = [];
    const relay = createServer((client) => {
      const upstream = connect(app.port ?? 0, '127.0.0.1');
      client.on('data', (chunk: Buffer) => {
        received.push(chunk);
        // Rewrites the Host so the app takes it, as a relay that wants the token would.
        upstream.write(chunk.toString('latin1').replace(`127.0.0.1:${relayPort}`, `127.0.0.1:${app.port}`), 'latin1');
      });
      upstream.on('data', (chunk: Buffer) => client.write(chunk));
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
    relays.push(relay);
    await new Promise<void>((listening) => relay.listen(relayPort, '127.0.0.1', listening));
    // agent.json names the relay: a crash left a stale port, and the relay took it.
    const infoPath = join(app.dataDir, 'agent.json');
    const info = JSON.parse(readFileSync(infoPath, 'utf8')) as Record<string, unknown>;
    writeFileSync(infoPath, JSON.stringify({ ...info, port: relayPort }));

    const mcp = await mcpFor(app.dataDir);
    const found = await mcp.call('agent_info');

    // The scan still finds the real app on its own port; the relay never got the token.
    expect(found.structuredContent).toMatchObject({ running: true, address: `http://127.0.0.1:${app.port}` });
    const relayed = Buffer.concat(received).toString('latin1');
    expect(relayed).toContain('GET /agent/hello?nonce=');
    expect(relayed).not.toContain(app.token);
  });
});
