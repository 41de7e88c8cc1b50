import type { Agent } from 'node:http';
import { readAgentInfo } from '../agent-info.js';
import { readToken } from '../token.js';
import type { InstallLocation } from './install-location.js';
import { type HealthProbe, probeHealth } from './probe-health.js';

export interface DiscoveryOptions {
  location: InstallLocation;
  /** The ports to scan, in order of preference (4110–4129 outside tests). */
  ports: readonly number[];
  /** For the port named in `agent.json`, which a running app answers at once. */
  hintTimeoutMs: number;
  /** Per port of the parallel scan; bounds the whole scan. */
  scanTimeoutMs: number;
  /**
   * Whether a listener that proved it holds the token is asked its health too, which gives the app's version
   * (true unless given). A caller that sends its request at once passes false: one round trip fewer, and a
   * refusal of the token (replaced since the proof) comes back as that request's 401.
   */
  askHealth?: boolean;
  /** Keeps the proved listener's connection for the caller's request (see `JsonRequest.agent`). */
  agent?: Agent;
}

/** `AppVersion` is `null` for a discovery that did not ask the health (`askHealth: false`). */
export type Discovery<AppVersion extends string | null = string> =
  | { status: 'running'; port: number; address: string; token: string; appVersion: AppVersion }
  /** No token file: the app has never started with this data dir, so nothing could accept us. */
  | { status: 'no-token' }
  /** Nothing accepted the token and nothing refused it. `hintPort` is the stale port `agent.json` named, if any. */
  | { status: 'not-found'; hintPort: number | null }
  /** At least one control plane answered 401 to our token, and none accepted it. */
  | { status: 'unauthorized'; rejectingPorts: number[] };

function controlPlaneAddress(port: number): string {
  return `http://127.0.0.1:${port}`;
}

function running(probe: HealthProbe & { outcome: 'accepted' }, token: string): Discovery<string | null> {
  return {
    status: 'running',
    port: probe.port,
    address: controlPlaneAddress(probe.port),
    token,
    appVersion: probe.appVersion,
  };
}

/**
 * Finds this install's control plane, afresh on every call so an app started or restarted after client-mcp is
 * found: the token from the data dir, then the port `agent.json` names (confirmed by health, never trusted alone),
 * then every port in parallel, taking the first in order whose health accepts the token. Reads, never writes.
 */
export function discoverControlPlane(options: DiscoveryOptions & { askHealth?: true }): Promise<Discovery>;
export function discoverControlPlane(options: DiscoveryOptions & { askHealth: false }): Promise<Discovery<null>>;
export async function discoverControlPlane(options: DiscoveryOptions): Promise<Discovery<string | null>> {
  const { dataDir } = options.location;
  const askHealth = options.askHealth ?? true;
  const token = readToken(dataDir);
  if (token === null) return { status: 'no-token' };

  const hintPort = readAgentInfo(dataDir)?.port ?? null;
  let hintProbe: HealthProbe | null = null;
  if (hintPort !== null) {
    hintProbe = await probeHealth(hintPort, token, options.hintTimeoutMs, askHealth, options.agent);
    if (hintProbe.outcome === 'accepted') return running(hintProbe, token);
  }

  const scanned = await Promise.all(
    options.ports
      .filter((port) => port !== hintPort)
      .map((port) => probeHealth(port, token, options.scanTimeoutMs, askHealth, options.agent)),
  );
  const accepted = scanned.find((probe) => probe.outcome === 'accepted');
  if (accepted?.outcome === 'accepted') return running(accepted, token);

  const rejectingPorts = [hintProbe, ...scanned]
    .filter((probe): probe is HealthProbe => probe?.outcome === 'rejected')
    .map((probe) => probe.port);
  if (rejectingPorts.length > 0) return { status: 'unauthorized', rejectingPorts };
  return { status: 'not-found', hintPort };
}
