import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamCollector, streamKindOf } from './stream-collector.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const clock = () => {
  let now = 0;
  return { tick: (ms: number) => (now += ms), read: () => now };
};

/** Feeds `text` cut at `cuts` (byte offsets) and returns every event the collector told, in order. */
function feedCut(collector: StreamCollector, text: string, cuts: number[]) {
  const all = bytes(text);
  const points = [...new Set(cuts.map((cut) => cut % (all.length + 1)))].sort((a, b) => a - b);
  const told = [];
  let from = 0;
  for (const point of [...points, all.length]) {
    told.push(...collector.push(all.subarray(from, point)).events);
    from = point;
  }
  told.push(...collector.end().events);
  return told;
}

describe('the stream collector', () => {
  it('knows server-sent events and NDJSON by content type, and nothing else', () => {
    expect(streamKindOf('text/event-stream; charset=utf-8')).toBe('sse');
    expect(streamKindOf('application/x-ndjson')).toBe('ndjson');
    expect(streamKindOf('application/jsonl')).toBe('ndjson');
    expect(streamKindOf('application/json')).toBeNull();
    expect(streamKindOf(null)).toBeNull();
  });

  it('reads server-sent events with their id, name and multi-line data, timed from the send', () => {
    const time = clock();
    const collector = new StreamCollector('sse', 0, 100, time.read);
    time.tick(12);
    const first = collector.push(bytes(': comment\nid: 7\nevent: delta\ndata: {"a":1}\n\ndata: line one\n'));
    expect(first.events).toEqual([{ id: '7', event: 'delta', data: '{"a":1}', ms: 12 }]);
    time.tick(30);
    const second = collector.push(bytes('data: line two\n\n'));
    // An event shows the id it set itself, not the stream's last one.
    expect(second).toEqual({ index: 1, events: [{ data: 'line one\nline two', ms: 42 }], raw: 'data: line two\n\n' });
    expect(collector.capture()).toMatchObject({ kind: 'sse', total: 2, cut: false });
  });

  it('reads an event whose blank line never came when the stream ends', () => {
    const collector = new StreamCollector('sse', 0);
    collector.push(bytes('data: [DONE]'));
    expect(collector.end().events.map((event) => event.data)).toEqual(['[DONE]']);
  });

  it('reads NDJSON one event a line, CRLF or LF, skipping blank lines and keeping a last line without newline', () => {
    const collector = new StreamCollector('ndjson', 0);
    expect(collector.push(bytes('{"n":1}\r\n\n{"n":')).events.map((event) => event.data)).toEqual(['{"n":1}']);
    expect(collector.push(bytes('2}\n{"n":3}')).events.map((event) => event.data)).toEqual(['{"n":2}']);
    expect(collector.end().events.map((event) => event.data)).toEqual(['{"n":3}']);
  });

  it('keeps the first events up to its cap and counts the rest', () => {
    const collector = new StreamCollector('ndjson', 0, 2);
    collector.push(bytes('1\n2\n3\n4\n'));
    expect(collector.capture('stop')).toMatchObject({ total: 4, cut: true, stopped: 'stop' });
    expect(collector.capture().events.map((event) => event.data)).toEqual(['1', '2']);
  });

  it('finds the same events however the bytes are cut into chunks, multi-byte characters included', () => {
    const sseEvent = fc.record({
      id: fc.option(fc.stringMatching(/^[a-z0-9]{1,6}$/), { nil: undefined }),
      event: fc.option(fc.stringMatching(/^[a-z]{1,8}$/), { nil: undefined }),
      data: fc.array(
        fc.string({ unit: 'grapheme' }).filter((line) => !/[\r\n]/.test(line)),
        { minLength: 1 },
      ),
    });
    fc.assert(
      fc.property(fc.array(sseEvent, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), (events, cuts) => {
        const text = events
          .map(
            (event) =>
              `${event.id === undefined ? '' : `id: ${event.id}\n`}${event.event === undefined ? '' : `event: ${event.event}\n`}${event.data.map((line) => `data: ${line}\n`).join('')}\n`,
          )
          .join('');
        const whole = feedCut(new StreamCollector('sse', 0, 1000, () => 0), text, []);
        const cut = feedCut(new StreamCollector('sse', 0, 1000, () => 0), text, cuts);
        expect(cut).toEqual(whole);
        expect(whole.map((event) => event.data)).toEqual(events.map((event) => event.data.join('\n')));
      }),
    );
  });

  it('ends in events, never a throw, for any bytes at all', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('sse' as const, 'ndjson' as const),
        fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 10 }),
        (kind, chunks) => {
          const collector = new StreamCollector(kind, 0, 50);
          for (const chunk of chunks) collector.push(chunk);
          collector.end();
          const capture = collector.capture();
          expect(capture.events.length).toBeLessThanOrEqual(50);
          expect(capture.total).toBeGreaterThanOrEqual(capture.events.length);
        },
      ),
    );
  });
});
