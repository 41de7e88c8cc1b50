import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AgentInfo, readAgentInfo, removeAgentInfo, writeAgentInfo } from './agent-info.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-agent-info-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const info: AgentInfo = {
  port: 4111,
  pid: process.pid,
  version: '0.1.0',
  flavor: 'dev',
  startedAt: '2026-01-01T00:00:00.000Z',
};

describe('agent.json', () => {
  it('round-trips what the app writes, readable only by the owner', () => {
    writeAgentInfo(dir, info);
    expect(readAgentInfo(dir)).toEqual(info);
    expect(statSync(join(dir, 'agent.json')).mode & 0o777).toBe(0o600);
  });

  it('reads a missing, malformed or foreign file as null', () => {
    expect(readAgentInfo(dir)).toBeNull();
    writeFileSync(join(dir, 'agent.json'), '{"port": "4110"');
    expect(readAgentInfo(dir)).toBeNull();
    writeFileSync(join(dir, 'agent.json'), JSON.stringify({ ...info, port: '4110' }));
    expect(readAgentInfo(dir)).toBeNull();
  });

  it('is removed only by the process it describes', () => {
    writeAgentInfo(dir, { ...info, pid: 999_999_999 });
    removeAgentInfo(dir);
    expect(JSON.parse(readFileSync(join(dir, 'agent.json'), 'utf8')).pid).toBe(999_999_999);
    writeAgentInfo(dir, info);
    removeAgentInfo(dir);
    expect(readAgentInfo(dir)).toBeNull();
    removeAgentInfo(dir);
  });
});
