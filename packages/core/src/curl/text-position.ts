/**
 * Line and column lookups for one text. The line starts are indexed once, on first use, so a command that
 * produces a warning on every one of its lines still costs linear time plus a binary search per message.
 */
export class TextPositions {
  private lineStarts: number[] | null = null;

  constructor(private readonly text: string) {}

  /** Where an index lies, for messages: `line 2, column 14`. Columns count from 1. */
  describe(index: number): string {
    const starts = this.indexLines();
    const at = Math.max(0, Math.min(index, this.text.length));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((starts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return `line ${low + 1}, column ${at - (starts[low] as number) + 1}`;
  }

  private indexLines(): number[] {
    if (this.lineStarts !== null) return this.lineStarts;
    const starts = [0];
    for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) starts.push(i + 1);
    this.lineStarts = starts;
    return starts;
  }
}

/** Where an index of the command lies, for a one-off message such as an error. */
export function describePosition(text: string, index: number): string {
  return new TextPositions(text).describe(index);
}

const SNIPPET_RADIUS = 12;

/** A short excerpt around an index, on one line, so a message can show the spot: `…b=bbb" https://a…`. */
export function snippetAround(text: string, index: number): string {
  const from = Math.max(0, index - SNIPPET_RADIUS);
  const to = Math.min(text.length, index + SNIPPET_RADIUS);
  const excerpt = text.slice(from, to).replaceAll('\n', '⏎');
  return `${from > 0 ? '…' : ''}${excerpt}${to < text.length ? '…' : ''}`;
}

/** A value shortened for a message, so a long body or URL does not swamp it. */
export function shorten(value: string, max = 40): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}
