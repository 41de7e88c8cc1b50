import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLineLogger } from './line-logger.js';

describe('createLineLogger', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes each line once, prefixed with the 24-hour local time of day that toLocaleTimeString gives', () => {
    const times = [new Date(2026, 0, 1, 0, 0, 0), new Date(2026, 0, 1, 9, 5, 7), new Date(2026, 0, 1, 23, 59, 59)];
    const written: string[] = [];
    const log = createLineLogger((text) => written.push(text));
    for (const time of times) {
      vi.useFakeTimers({ now: time, toFake: ['Date'] });
      log('GET /agent/health 200 1ms');
    }
    expect(written).toEqual(['00:00:00', '09:05:07', '23:59:59'].map((time) => `${time} GET /agent/health 200 1ms\n`));
    expect(times.map((time) => time.toLocaleTimeString('en-GB', { hour12: false }))).toEqual(
      written.map((text) => text.slice(0, 8)),
    );
  });
});
