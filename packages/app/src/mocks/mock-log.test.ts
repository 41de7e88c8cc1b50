import type { MockLogEntry } from '@client/core';
import { describe, expect, it } from 'vitest';
import { MockLog } from './mock-log.js';

function entry(index: number): MockLogEntry {
  return {
    mockId: 'm',
    at: new Date(index).toISOString(),
    method: 'GET',
    path: `/${index}`,
    status: 200,
    endpointId: null,
    endpointName: null,
    answer: null,
    ms: 0,
  };
}

describe('MockLog', () => {
  it('keeps the latest entries up to its size, oldest first', () => {
    const log = new MockLog(3);
    log.add(entry(1));
    log.add(entry(2));
    expect(log.entries().map((item) => item.path)).toEqual(['/1', '/2']);
    for (const index of [3, 4, 5]) log.add(entry(index));
    expect(log.entries().map((item) => item.path)).toEqual(['/3', '/4', '/5']);
  });
});
