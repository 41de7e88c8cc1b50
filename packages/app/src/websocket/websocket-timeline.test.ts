import { describe, expect, it } from 'vitest';
import { sessionHistoryEntry } from './websocket-history.js';
import { WebSocketTimeline } from './websocket-timeline.js';

const frame = (data: string) => ({
  seq: 0,
  direction: 'received' as const,
  format: 'text' as const,
  data,
  size: data.length,
  ms: 1,
});

describe("a session's timeline", () => {
  it('numbers messages from 1 and answers what follows a given one', () => {
    const timeline = new WebSocketTimeline();
    for (const data of ['a', 'b', 'c']) timeline.add(frame(data));
    expect(timeline.after(0).map(({ seq, data }) => [seq, data])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(timeline.after(2).map(({ data }) => data)).toEqual(['c']);
    expect(timeline.after(3)).toEqual([]);
  });

  it('lets the oldest go past its count or size, counting them, and still answers by seq', () => {
    const timeline = new WebSocketTimeline({ messages: 1000, bytes: 5000 });
    for (let index = 0; index < 5000; index++) timeline.add(frame(String(index % 10)));
    expect(timeline.dropped).toBe(4000);
    expect(timeline.after(0)).toHaveLength(1000);
    expect(timeline.after(0)[0]?.seq).toBe(4001);
    expect(timeline.after(4999).map(({ seq }) => seq)).toEqual([5000]);
    const big = new WebSocketTimeline({ messages: 1000, bytes: 10 });
    for (let index = 0; index < 4; index++) big.add(frame('12345'));
    expect(big.after(0).map(({ seq }) => seq)).toEqual([3, 4]);
  });
});

describe("a session's History entry", () => {
  const record = {
    id: 'h1',
    projectId: 'p1',
    endpointId: null,
    url: 'ws://127.0.0.1/x',
    requestHeaders: [],
    responseHeaders: [],
    status: 101,
    error: null,
    durationMs: 12.4,
    receivedBytes: 3,
    frames: [1, 2, 3].map((seq) => ({ ...frame(`secret-${seq}`), seq })),
    cut: false,
  };

  it('keeps the messages as a JSON array, scrubbed, and cuts at a whole message when it would be too long', () => {
    const scrub = (text: string) => text.replaceAll('secret', '••••');
    const whole = sessionHistoryEntry(record, 10_000, scrub);
    expect(JSON.parse(whole.responseBody ?? '')).toHaveLength(3);
    expect(whole).toMatchObject({ method: 'WS', status: 101, durationMs: 12, responseCut: false });
    expect(whole.responseBody).not.toContain('secret');
    const cut = sessionHistoryEntry(record, 150, scrub);
    expect(JSON.parse(cut.responseBody ?? '')).toHaveLength(1);
    expect(cut.responseCut).toBe(true);
    expect(sessionHistoryEntry({ ...record, cut: true }, 10_000, scrub).responseCut).toBe(true);
  });
});
