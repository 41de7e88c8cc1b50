import { readFileSync, unlinkSync } from 'node:fs';
import type { Flavor } from '@client/core';
import { writeFileAtomic } from './atomic-file.js';
import { localPaths } from './data-dir.js';

/** `agent.json`: where the running app's control plane listens. A hint for discovery, never trusted alone. */
export interface AgentInfo {
  port: number;
  pid: number;
  version: string;
  flavor: Flavor;
  startedAt: string;
}

export function writeAgentInfo(dataDir: string, info: AgentInfo): void {
  writeFileAtomic(localPaths(dataDir).agentInfoPath, `${JSON.stringify(info, null, 2)}\n`, 0o600);
}

function isAgentInfo(value: unknown): value is AgentInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    Number.isInteger(info.port) &&
    Number.isInteger(info.pid) &&
    typeof info.version === 'string' &&
    (info.flavor === 'release' || info.flavor === 'dev') &&
    typeof info.startedAt === 'string'
  );
}

/** The discovery file, or null when it is missing or not what the app writes. */
export function readAgentInfo(dataDir: string): AgentInfo | null {
  try {
    const value: unknown = JSON.parse(readFileSync(localPaths(dataDir).agentInfoPath, 'utf8'));
    return isAgentInfo(value) ? value : null;
  } catch {
    return null;
  }
}

/** Removes the discovery file if it still describes process `pid`, so a newer instance's file survives. */
export function removeAgentInfo(dataDir: string, pid: number = process.pid): void {
  if (readAgentInfo(dataDir)?.pid !== pid) return;
  try {
    unlinkSync(localPaths(dataDir).agentInfoPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
