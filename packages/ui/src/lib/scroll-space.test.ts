import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT, nextOffset, offsetAt, scrollSpace, scrollTopFor } from './scroll-space.js';

const LINE = 19;
const body = (lines: number, viewport: number) => scrollSpace(lines * LINE + 24, viewport);

describe('the scroll space of a long body', () => {
  it('is the lines’ own height up to the cap, and the cap beyond', () => {
    expect(body(1000, 600).spacer).toBe(1000 * LINE + 24);
    expect(body(2_500_000, 600).spacer).toBe(MAX_SCROLL_HEIGHT);
  });

  it('puts every line in view at some whole scroll position, which maps back to that line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 100, max: 2000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, viewport, at) => {
          const space = body(lines, viewport);
          const line = Math.min(lines - 1, Math.floor(at * lines));
          const top = line * LINE + 12;
          const scrollTop = Math.round(scrollTopFor(top, space));
          expect(scrollTop).toBeGreaterThanOrEqual(0);
          expect(scrollTop).toBeLessThanOrEqual(Math.max(0, space.spacer - viewport));
          expect(space.spacer).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT);
          const shown = offsetAt(scrollTop, space);
          expect(top).toBeGreaterThanOrEqual(shown - LINE);
          expect(top + LINE).toBeLessThanOrEqual(shown + viewport + LINE);
        },
      ),
    );
  });

  it('shows the first line at the top and the last line at the bottom', () => {
    const space = body(2_600_000, 700);
    expect(offsetAt(0, space)).toBe(0);
    expect(offsetAt(space.spacer - 700, space)).toBe(space.content - 700);
    expect(nextOffset({ scrollTop: 1000, offset: 5000 }, space.spacer - 700, space)).toBe(space.content - 700);
    expect(nextOffset({ scrollTop: 100, offset: 400 }, 0, space)).toBe(0);
  });

  it('moves the lines by a small scroll’s own distance, and lands a large one where it points', () => {
    const space = body(2_600_000, 700);
    const from = { scrollTop: 5_000_000, offset: offsetAt(5_000_000, space) };
    expect(nextOffset(from, 5_000_100, space)).toBeCloseTo(from.offset + 100);
    expect(nextOffset(from, 10_000_000, space)).toBeCloseTo(offsetAt(10_000_000, space));
    // A long run of small steps never drifts far from where the scroll position points.
    let view = from;
    for (let step = 0; step < 500; step++) {
      const scrollTop = view.scrollTop + 100;
      view = { scrollTop, offset: nextOffset(view, scrollTop, space) };
    }
    expect(Math.abs(view.offset - offsetAt(view.scrollTop, space))).toBeLessThanOrEqual(4 * 700);
  });

  it('is one to one for a body short enough to have its own height', () => {
    const space = body(10_000, 600);
    expect(offsetAt(1234, space)).toBe(1234);
    expect(scrollTopFor(1234, space)).toBe(1234);
    expect(nextOffset({ scrollTop: 0, offset: 0 }, 50_000, space)).toBe(50_000);
  });
});
