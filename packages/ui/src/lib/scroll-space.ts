/**
 * Chromium draws no element taller than about 33.5 M px, so a body of millions of lines cannot have a spacer
 * as tall as its lines: past this height the scroll space is scaled down, and a scroll position stands for a
 * proportionally larger offset into the lines.
 */
export const MAX_SCROLL_HEIGHT = 15_000_000;

/** The lines' full height (`content`), what the scroller holds instead (`spacer`), and the visible height. */
export interface ScrollSpace {
  content: number;
  spacer: number;
  viewport: number;
}

export function scrollSpace(content: number, viewport: number): ScrollSpace {
  return { content, spacer: Math.min(content, MAX_SCROLL_HEIGHT), viewport };
}

function range(space: ScrollSpace): { content: number; spacer: number } {
  return {
    content: Math.max(0, space.content - space.viewport),
    spacer: Math.max(0, space.spacer - space.viewport),
  };
}

function clamp(value: number, max: number): number {
  return Math.min(max, Math.max(0, value));
}

/** The offset into the lines that a scroll position shows at its top: the two ends meet the two ends. */
export function offsetAt(scrollTop: number, space: ScrollSpace): number {
  const { content, spacer } = range(space);
  if (spacer === 0) return 0;
  return clamp(content === spacer ? scrollTop : (scrollTop / spacer) * content, content);
}

/** The scroll position that shows `offset` at the top, the inverse of `offsetAt`. */
export function scrollTopFor(offset: number, space: ScrollSpace): number {
  const { content, spacer } = range(space);
  if (content === 0) return 0;
  return clamp(content === spacer ? offset : (offset / content) * spacer, spacer);
}

/**
 * The offset after the scroller moved from `previous` to `scrollTop`. A small step (a wheel notch, an arrow key,
 * a page) moves the lines by as much as the scroller moved, so it reads as a scroll, not a jump; a large one (the
 * thumb dragged, Ctrl+End) lands where the scroll position stands for. The lines never drift more than a few
 * screens from that place, and the two ends are always the first and the last line.
 */
export function nextOffset(previous: { scrollTop: number; offset: number }, scrollTop: number, space: ScrollSpace) {
  const { spacer } = range(space);
  const proportional = offsetAt(scrollTop, space);
  if (space.content === space.spacer || scrollTop <= 0 || scrollTop >= spacer) return proportional;
  const step = scrollTop - previous.scrollTop;
  if (Math.abs(step) > space.viewport) return proportional;
  const drift = 4 * space.viewport;
  const stepped = previous.offset + step;
  return clamp(Math.min(proportional + drift, Math.max(proportional - drift, stepped)), range(space).content);
}
