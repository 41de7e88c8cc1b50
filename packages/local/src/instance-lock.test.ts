import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock } from './instance-lock.js';
import { processStartTicks } from './process-liveness.js';

let dir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function lockFileOf(pid: number, startTicks: string | null): string {
  return JSON.stringify({ pid, startedAt: '2026-01-01T00:00:00.000Z', startTicks });
}

async function startSleeper(): Promise<ChildProcess & { pid: number }> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child as ChildProcess & { pid: number };
}

describe('acquireInstanceLock', () => {
  it('gives the lock to the first start and names the holder to the second', () => {
    const first = acquireInstanceLock(dir);
    expect(first.acquired).toBe(true);
    const second = acquireInstanceLock(dir);
    expect(second).toEqual({ acquired: false, holder: { pid: process.pid, startedAt: expect.any(String) } });
    if (first.acquired) first.lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is held while the holding process runs and free once it has been killed', async () => {
    const sleeper = await startSleeper();
    writeFileSync(join(dir, 'client.lock'), lockFileOf(sleeper.pid, processStartTicks(sleeper.pid)));
    expect(acquireInstanceLock(dir)).toEqual({
      acquired: false,
      holder: { pid: sleeper.pid, startedAt: '2026-01-01T00:00:00.000Z' },
    });
    sleeper.kill('SIGKILL');
    await once(sleeper, 'exit');
    const result = acquireInstanceLock(dir);
    expect(result.acquired).toBe(true);
    expect(readdirSync(dir)).toEqual(['client.lock']);
  });

  it('does not mistake a recycled pid for the holder', async () => {
    const sleeper = await startSleeper();
    writeFileSync(join(dir, 'client.lock'), lockFileOf(sleeper.pid, 'another-start-time'));
    expect(acquireInstanceLock(dir).acquired).toBe(true);
  });

  it('clears a corrupt lock file', () => {
    writeFileSync(join(dir, 'client.lock'), '{"pid":');
    expect(acquireInstanceLock(dir).acquired).toBe(true);
  });

  it('release leaves a lock that another process took over in place', () => {
    const first = acquireInstanceLock(dir);
    if (!first.acquired) throw new Error('expected the lock');
    writeFileSync(join(dir, 'client.lock'), lockFileOf(1, null));
    first.lock.release();
    expect(existsSync(join(dir, 'client.lock'))).toBe(true);
  });
});
