import type { Flavor } from '@client/core';
import { localPaths } from './data-dir.js';
import { readJsonFile, removeJsonFileOf, writeJsonFile } from './json-file.js';

/** `agent.json`: where the running app's control plane listens. A hint for discovery, never trusted alone. */
export interface AgentInfo {
  port: number;
  pid: number;
  version: string;
  flavor: Flavor;
  startedAt: string;
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

export function writeAgentInfo(dataDir: string, info: AgentInfo): void {
  writeJsonFile(localPaths(dataDir).agentInfoPath, info);
}

/** The discovery file, or null when it is missing or not what the app writes. */
export function readAgentInfo(dataDir: string): AgentInfo | null {
  return readJsonFile(localPaths(dataDir).agentInfoPath, isAgentInfo);
}

/** Removes the discovery file if it still describes process `pid`, so a newer instance's file survives. */
export function removeAgentInfo(dataDir: string, pid: number = process.pid): void {
  removeJsonFileOf(localPaths(dataDir).agentInfoPath, pid, isAgentInfo);
}
