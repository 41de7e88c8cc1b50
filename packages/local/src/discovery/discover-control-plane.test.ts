import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAgentInfo } from '../agent-info.js';
import { helloProof } from '../hello-proof.js';
import { controlPlaneHandler, freePort, type HttpStandIn, startHttpStandIn } from '../testing/http-stand-in.js';
import { ensureToken } from '../token.js';
import { type Discovery, discoverControlPlane } from './discover-control-plane.js';
import { noTokenMessage, notFoundMessage, unauthorizedMessage } from './discovery-messages.js';
import { type InstallLocation, resolveInstallLocation } from './install-location.js';

let dataDir: string;
let location: InstallLocation;
const standIns: HttpStandIn[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'client-mcp-discovery-'));
  location = resolveInstallLocation({ CLIENT_DATA_DIR: dataDir });
});
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function standIn(handler: Parameters<typeof startHttpStandIn>[0]): Promise<HttpStandIn> {
  const started = await startHttpStandIn(handler);
  standIns.push(started);
  return started;
}

function discover(ports: number[]): Promise<Discovery> {
  return discoverControlPlane({ location, ports, hintTimeoutMs: 500, scanTimeoutMs: 300 });
}

function advertise(port: number): void {
  writeAgentInfo(dataDir, {
    port,
    pid: process.pid,
    version: '0.1.0',
    flavor: 'dev',
    startedAt: '2026-01-01T00:00:00Z',
  });
}

describe('discoverControlPlane', () => {
  it('uses the port agent.json names once its health accepts the token, without scanning', async () => {
    const { token } = ensureToken(dataDir);
    const app = await standIn(controlPlaneHandler(token));
    const bystander = await standIn(controlPlaneHandler(token));
    advertise(app.port);

    const found = await discover([bystander.port]);

    expect(found).toEqual({
      status: 'running',
      port: app.port,
      address: `http://127.0.0.1:${app.port}`,
      token,
      appVersion: '0.1.0',
    });
    expect(
      app.seen.map((request) => [request.method, request.url.split('?')[0], request.headers.authorization]),
    ).toEqual([
      ['GET', '/agent/hello', undefined],
      ['GET', '/agent/health', `Bearer ${token}`],
    ]);
    expect(bystander.seen).toEqual([]);
  });

  it('with askHealth false, takes the listener whose hello proves the token, without sending the token', async () => {
    const { token } = ensureToken(dataDir);
    const app = await standIn(controlPlaneHandler(token));
    advertise(app.port);

    const found = await discoverControlPlane({
      location,
      ports: [app.port],
      hintTimeoutMs: 500,
      scanTimeoutMs: 300,
      askHealth: false,
    });

    expect(found).toEqual({
      status: 'running',
      port: app.port,
      address: `http://127.0.0.1:${app.port}`,
      token,
      appVersion: null,
    });
    expect(app.seen.map((request) => [request.url.split('?')[0], request.headers.authorization])).toEqual([
      ['/agent/hello', undefined],
    ]);
  });

  it('with askHealth false, still reports a listener that cannot prove the token as unauthorized', async () => {
    ensureToken(dataDir);
    const otherInstall = await standIn(controlPlaneHandler('1b4e28ba-2fa1-41d2-883f-0016d3cca427'));

    const found = await discoverControlPlane({
      location,
      ports: [otherInstall.port],
      hintTimeoutMs: 500,
      scanTimeoutMs: 300,
      askHealth: false,
    });

    expect(found).toEqual({ status: 'unauthorized', rejectingPorts: [otherInstall.port] });
  });

  it('falls back to the scan when agent.json names a port where nothing listens', async () => {
    const { token } = ensureToken(dataDir);
    const app = await standIn(controlPlaneHandler(token));
    const stale = await freePort();
    advertise(stale);

    const found = await discover([await freePort(), app.port]);

    expect(found).toMatchObject({ status: 'running', port: app.port });
  });

  it('scans every port when there is no agent.json and takes the first that accepts, in list order', async () => {
    const { token } = ensureToken(dataDir);
    const first = await standIn(controlPlaneHandler(token));
    const second = await standIn(controlPlaneHandler(token));

    expect(await discover([await freePort(), second.port, first.port])).toMatchObject({ port: second.port });
  });

  it('prefers a control plane that accepts the token over one that rejects it', async () => {
    const { token } = ensureToken(dataDir);
    const otherInstall = await standIn(controlPlaneHandler('1b4e28ba-2fa1-41d2-883f-0016d3cca427'));
    const app = await standIn(controlPlaneHandler(token));

    expect(await discover([otherInstall.port, app.port])).toMatchObject({ status: 'running', port: app.port });
  });

  it('reports unauthorized, with every rejecting port, when control planes answer 401 and none accepts', async () => {
    ensureToken(dataDir);
    const otherInstall = await standIn(controlPlaneHandler('1b4e28ba-2fa1-41d2-883f-0016d3cca427'));
    advertise(otherInstall.port);
    const another = await standIn(controlPlaneHandler('6f1c2a7e-5b7d-4c1e-9a3b-2d4e5f6a7b8c'));

    const found = await discover([await freePort(), another.port]);

    expect(found).toEqual({ status: 'unauthorized', rejectingPorts: [otherInstall.port, another.port] });
    expect(unauthorizedMessage(location, [otherInstall.port])).toBe(
      `the listener on port ${otherInstall.port} answered as a Client control plane but could not prove it holds ` +
        `the agent token read from ${location.tokenPath} (data dir ${dataDir}, flavor dev), so the token and the ` +
        'call were not sent to it. It is either a different Client install (another flavor or data dir, or the ' +
        'token was replaced after that app started), or not Client at all (another program on that port). ' +
        `Remedy: check what listens there (\`ss -ltnp 'sport = :${otherInstall.port}'\`); if it is the app you ` +
        `mean to use, delete ${location.tokenPath} and restart the app — it writes a new token, which client-mcp ` +
        `reads on the next call; otherwise stop that program and start the app of this install (${dataDir}).`,
    );
  });

  it('reports not-found when nothing listens, naming the data dir, flavor, ports and how to start the app', async () => {
    ensureToken(dataDir);
    const ports = [await freePort(), await freePort()];

    const found = await discover(ports);

    expect(found).toEqual({ status: 'not-found', hintPort: null });
    const message = notFoundMessage(location, [4110, 4111, 4112, 4129], null);
    expect(message).toBe(
      `no running control plane (data dir ${dataDir}, flavor dev): agent.json names no port, and none of ports ` +
        `4110–4112, 4129 accepted the token from ${location.tokenPath}. Start the app: run \`npm start\` in the ` +
        `Client source checkout with CLIENT_DATA_DIR=${dataDir}. Then call the tool again; client-mcp finds the ` +
        'app without being restarted.',
    );
  });

  it('tells a release install to start the installed app, without a data dir override when none was set', () => {
    const release: InstallLocation = {
      dataDir: '/home/ada/.local/share/Client',
      flavor: 'release',
      tokenPath: '/home/ada/.local/share/Client/agent-token',
      dataDirFromEnv: false,
    };

    expect(notFoundMessage(release, [4110, 4111], 4111)).toBe(
      'no running control plane (data dir /home/ada/.local/share/Client, flavor release): agent.json names port ' +
        '4111, where no control plane of this install answers (the app did not exit cleanly), and none of ports ' +
        '4110–4111 accepted the token from /home/ada/.local/share/Client/agent-token. Start the app: run the ' +
        'installed `client` (or start Client from the desktop). Then call the tool again; client-mcp finds the app ' +
        'without being restarted.',
    );
  });

  it('names the stale port agent.json points to when nothing answers there', async () => {
    ensureToken(dataDir);
    const stale = await freePort();
    advertise(stale);

    expect(await discover([await freePort()])).toEqual({ status: 'not-found', hintPort: stale });
  });

  it('does not take a program answering health with another body, nor its 401 without the error shape', async () => {
    ensureToken(dataDir);
    const foreign = await standIn(() => ({ status: 200, json: { status: 'ok', app: 'Something else' } }));
    const foreignAuth = await standIn(() => ({ status: 401, text: 'Unauthorized' }));
    advertise(foreign.port);

    expect(await discover([foreign.port, foreignAuth.port])).toEqual({ status: 'not-found', hintPort: foreign.port });
  });

  it('gives up on a port that accepts the connection but never answers', async () => {
    ensureToken(dataDir);
    const silent = await standIn(() => 'hang');

    expect(await discover([silent.port])).toEqual({ status: 'not-found', hintPort: null });
  });

  it('reports no-token without touching the data dir when the app never started there', async () => {
    const app = await standIn(controlPlaneHandler('1b4e28ba-2fa1-41d2-883f-0016d3cca427'));

    expect(await discover([app.port])).toEqual({ status: 'no-token' });
    expect(app.seen).toEqual([]);
    expect(existsSync(location.tokenPath)).toBe(false);
    expect(noTokenMessage(location)).toBe(
      `no running control plane (data dir ${dataDir}, flavor dev): there is no agent token at ${location.tokenPath}, ` +
        'so no port was checked. The app creates the token on its first start. Start the app: run `npm start` in ' +
        `the Client source checkout with CLIENT_DATA_DIR=${dataDir}. Then call the tool again; client-mcp finds ` +
        'the app without being restarted.',
    );
  });
});

describe('discoverControlPlane and a listener that cannot prove it holds the token', () => {
  it('never sends the token to one answering as Client to anything, and reports it as unauthorized', async () => {
    const { token } = ensureToken(dataDir);
    const impostor = await standIn(() => ({ status: 200, json: { status: 'ok', app: 'Client', version: '9.9.9' } }));
    advertise(impostor.port);

    expect(await discover([impostor.port])).toEqual({ status: 'unauthorized', rejectingPorts: [impostor.port] });
    expect(impostor.seen.length).toBeGreaterThan(0);
    for (const request of impostor.seen) {
      expect(request.url.startsWith('/agent/hello?nonce=')).toBe(true);
      expect(JSON.stringify(request)).not.toContain(token);
    }
  });

  it('rejects a relay: the real app’s proof is for its own port, not the relay’s', async () => {
    const { token } = ensureToken(dataDir);
    const app = await standIn(controlPlaneHandler(token));
    const relay = await standIn((request) => {
      // Forwards the hello to the real app as is, and answers with its proof.
      const nonce = request.url.split('nonce=')[1] ?? '';
      return { status: 200, json: { app: 'Client', proof: helloProof(token, nonce, app.port) } };
    });

    expect(await discover([relay.port])).toEqual({ status: 'unauthorized', rejectingPorts: [relay.port] });
    expect(relay.seen.every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it('says both possibilities, and the remedy, in the unauthorized message', () => {
    const message = unauthorizedMessage(location, [4113]);
    expect(message).toContain('could not prove it holds the agent token');
    expect(message).toContain('a different Client install');
    expect(message).toContain('or not Client at all');
    expect(message).toContain('Remedy:');
  });
});
