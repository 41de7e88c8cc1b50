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
}

export type Discovery =
  | { status: 'running'; port: number; address: string; token: string; appVersion: string }
  /** No token file: the app has never started with this data dir, so nothing could accept us. */
  | { status: 'no-token' }
  /** Nothing accepted the token and nothing refused it. `hintPort` is the stale port `agent.json` named, if any. */
  | { status: 'not-found'; hintPort: number | null }
  /** At least one control plane answered 401 to our token, and none accepted it. */
  | { status: 'unauthorized'; rejectingPorts: number[] };

function controlPlaneAddress(port: number): string {
  return `http://127.0.0.1:${port}`;
}

function running(probe: HealthProbe & { outcome: 'accepted' }, token: string): Discovery {
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
export async function discoverControlPlane(options: DiscoveryOptions): Promise<Discovery> {
  const { dataDir } = options.location;
  const token = readToken(dataDir);
  if (token === null) return { status: 'no-token' };

  const hintPort = readAgentInfo(dataDir)?.port ?? null;
  let hintProbe: HealthProbe | null = null;
  if (hintPort !== null) {
    hintProbe = await probeHealth(hintPort, token, options.hintTimeoutMs);
    if (hintProbe.outcome === 'accepted') return running(hintProbe, token);
  }

  const scanned = await Promise.all(
    options.ports.filter((port) => port !== hintPort).map((port) => probeHealth(port, token, options.scanTimeoutMs)),
  );
  const accepted = scanned.find((probe) => probe.outcome === 'accepted');
  if (accepted?.outcome === 'accepted') return running(accepted, token);

  const rejectingPorts = [hintProbe, ...scanned]
    .filter((probe): probe is HealthProbe => probe?.outcome === 'rejected')
    .map((probe) => probe.port);
  if (rejectingPorts.length > 0) return { status: 'unauthorized', rejectingPorts };
  return { status: 'not-found', hintPort };
}
