import type { LoadBucket, LoadLatency } from '@client/core';
import { build, type Histogram } from 'hdr-histogram-js';

/** The histogram's bars: each as wide as the one before times this, so fast and slow answers both show. */
const BAR_GROWTH = 1.25;
const FIRST_BAR_MS = 0.05;
const BARS = 90;

function barOf(ms: number): number {
  if (ms < FIRST_BAR_MS) return 0;
  return Math.min(BARS - 1, 1 + Math.floor(Math.log(ms / FIRST_BAR_MS) / Math.log(BAR_GROWTH)));
}

function barStart(bar: number): number {
  return bar === 0 ? 0 : FIRST_BAR_MS * BAR_GROWTH ** (bar - 1);
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Answers' latencies: percentiles kept exactly to three significant digits (HdrHistogram), and bars to draw. */
export class LatencyRecord {
  private readonly histogram: Histogram = build({ lowestDiscernibleValue: 1, numberOfSignificantValueDigits: 3 });
  private readonly bars = new Array<number>(BARS).fill(0);

  record(ms: number): void {
    // In microseconds: the histogram counts whole numbers.
    this.histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
    const bar = barOf(ms);
    this.bars[bar] = (this.bars[bar] ?? 0) + 1;
  }

  latency(): LoadLatency {
    const { histogram } = this;
    if (histogram.totalCount === 0) return { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
    const at = (percentile: number) => round(histogram.getValueAtPercentile(percentile) / 1000);
    return {
      p50: at(50),
      p90: at(90),
      p99: at(99),
      max: round(histogram.maxValue / 1000),
      mean: round(histogram.mean / 1000),
    };
  }

  /** The bars from the first that holds an answer to the last. */
  buckets(): LoadBucket[] {
    const first = this.bars.findIndex((count) => count > 0);
    if (first < 0) return [];
    const last = this.bars.length - 1 - [...this.bars].reverse().findIndex((count) => count > 0);
    const buckets: LoadBucket[] = [];
    for (let bar = first; bar <= last; bar++) {
      buckets.push({ fromMs: round(barStart(bar)), toMs: round(barStart(bar + 1)), count: this.bars[bar] ?? 0 });
    }
    return buckets;
  }

  /** Frees the histogram's memory. */
  destroy(): void {
    this.histogram.destroy();
  }
}
