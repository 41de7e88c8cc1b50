import type { LoadBucket } from '@client/core';
import { useId } from 'react';
import { formatLatency } from '../lib/format.js';

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18;

const range = (bucket: LoadBucket) => `${formatLatency(bucket.fromMs)}–${formatLatency(bucket.toMs)}`;

/** The bucket most answers fell in, said in words for those who do not see the bars. */
function describe(buckets: readonly LoadBucket[]): string {
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const top = buckets.reduce<LoadBucket | null>(
    (best, bucket) => (best === null || bucket.count > best.count ? bucket : best),
    null,
  );
  if (top === null || total === 0) return 'No answers were timed.';
  return `Latency of ${total.toLocaleString('en')} answers; most (${top.count.toLocaleString('en')}) took ${range(top)}.`;
}

/**
 * How long the answers of a load test took, as bars (one per bucket of `LoadResult.histogram`), with the same numbers
 * as a table under them: the bars are a picture, the table is what assistive technology reads.
 */
export function LatencyHistogram({ buckets }: { buckets: readonly LoadBucket[] }) {
  const captionId = useId();
  const most = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const barWidth = buckets.length === 0 ? 0 : WIDTH / buckets.length;
  const first = buckets[0];
  const last = buckets.at(-1);
  return (
    <figure className="histogram" aria-labelledby={captionId}>
      <figcaption id={captionId} className="histogram-caption">
        {describe(buckets)}
      </figcaption>
      <svg className="histogram-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} role="img" aria-labelledby={captionId}>
        <title>{describe(buckets)}</title>
        {buckets.map((bucket, index) => {
          const height = (bucket.count / most) * HEIGHT;
          return (
            <rect
              key={bucket.fromMs}
              className="histogram-bar"
              x={index * barWidth + 1}
              y={HEIGHT - height}
              width={Math.max(1, barWidth - 2)}
              height={height}
            >
              <title>{`${range(bucket)}: ${bucket.count}`}</title>
            </rect>
          );
        })}
        <line className="histogram-axis" x1={0} x2={WIDTH} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} />
        {first !== undefined && (
          <text className="histogram-label" x={0} y={HEIGHT + AXIS - 4}>
            {formatLatency(first.fromMs)}
          </text>
        )}
        {last !== undefined && (
          <text className="histogram-label" x={WIDTH} y={HEIGHT + AXIS - 4} textAnchor="end">
            {formatLatency(last.toMs)}
          </text>
        )}
      </svg>
      <details className="histogram-table">
        <summary>The numbers as a table</summary>
        <table className="data-table">
          <caption className="visually-hidden">Answers by latency</caption>
          <thead>
            <tr>
              <th scope="col">Latency</th>
              <th scope="col">Answers</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.fromMs}>
                <td>{range(bucket)}</td>
                <td>{bucket.count.toLocaleString('en')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
