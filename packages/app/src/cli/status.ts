import type { AppStatus } from '@client/core';
import { type AppState, type Discovery, discoverControlPlane, isProcessAlive, readAppState } from '@client/local';

import { APP_VERSION } from '../runtime/app-version.js';
import type { CliInstall } from './install-location.js';

export interface StatusOptions {
  ports?: readonly number[];
  env?: NodeJS.ProcessEnv;
}

function liveAppState(dataDir: string): AppState | null {
  const state = readAppState(dataDir);
  return state !== null && isProcessAlive(state.pid) ? state : null;
}

function portsText(ports: readonly number[]): string {
  return ports.length === 1 ? `port ${ports[0]}` : `ports ${ports.join(', ')}`;
}

function downReason(
  install: CliInstall,
  discovery: Exclude<Discovery, { status: 'running' }>,
  dataDirFromEnv: boolean,
): string {
  const where = `data dir ${install.dataDir}, flavor ${install.flavor}`;
  const start = `start it with \`npm start\`${dataDirFromEnv ? ` and CLIENT_DATA_DIR=${install.dataDir}` : ''}`;
  if (discovery.status === 'no-token') {
    return `the app has never started on this install (${where}): there is no agent token at ${install.tokenPath}; ${start}`;
  }
  const app = liveAppState(install.dataDir);
  if (discovery.status === 'unauthorized') {
    const rejecting = portsText(discovery.rejectingPorts);
    const unproven = `the listener on ${rejecting} answered as a Client control plane but could not prove it holds the token in ${install.tokenPath} (the token was not sent to it): it is a different Client install, or not Client at all`;
    if (app === null) return `no app is running on this install (${where}); ${unproven}; ${start}`;
    return `${unproven}; if it is this install's app (pid ${app.pid}), the token was replaced after it started: restart the app, or delete agent-token and restart it`;
  }
  if (app === null) return `no app is running on this install (${where}); ${start}`;
  if (!app.controlPlane.running)
    return `the app is running (pid ${app.pid}) but its control plane is down: ${app.controlPlane.reason}`;
  return `the app is running (pid ${app.pid}) but its control plane on port ${app.controlPlane.port} does not answer; restart the app`;
}

/**
 * `client status`: looks for this install's control plane as client-mcp does (token file, `agent.json`
 * confirmed by a health check, then a scan of the ports), and when none answers, says why, using the
 * running app's `app-state.json` when there is one.
 */
export async function readAppStatus(install: CliInstall, options: StatusOptions = {}): Promise<AppStatus> {
  const dataDirFromEnv = Boolean((options.env ?? process.env).CLIENT_DATA_DIR);
  const discovery = await discoverControlPlane({
    location: { ...install, dataDirFromEnv },
    ports: options.ports ?? install.ports,
    hintTimeoutMs: 1_000,
    scanTimeoutMs: 300,
  });
  const base = { tokenPath: install.tokenPath, dataDir: install.dataDir, flavor: install.flavor };
  if (discovery.status === 'running') {
    return {
      running: true,
      address: discovery.address,
      port: discovery.port,
      reason: null,
      ...base,
      version: discovery.appVersion,
    };
  }
  return {
    running: false,
    address: null,
    port: null,
    reason: downReason(install, discovery, dataDirFromEnv),
    ...base,
    version: APP_VERSION,
  };
}
