import type { StreamEvent } from '@client/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatDuration } from '../lib/format.js';
import { eventJson } from '../lib/stream-text.js';

/** Every row is this tall (CSS `.stream-row`), so ten thousand events scroll like ten. */
const ROW_HEIGHT = 26;

interface StreamEventListProps {
  events: readonly StreamEvent[];
  /** How many of `events` to show: the list grows in place while a stream arrives. */
  count: number;
  /** Whether events are still arriving: the list then follows the newest while it is scrolled to the end. */
  live: boolean;
  /** Set when the times were not kept (History). */
  untimed: boolean;
}

/** A stream's events, one line each (name, id, data, time), drawn a screenful at a time; the picked one in full. */
export function StreamEventList({ events, count, live, untimed }: StreamEventListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [picked, setPicked] = useState<number | null>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  useEffect(() => {
    if (live && following.current && count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [count, live, virtualizer]);

  const chosen = picked === null ? undefined : events[picked];
  return (
    <div className="stream-events">
      <div className="stream-head" aria-hidden="true">
        <span className="stream-cell-index">#</span>
        <span className="stream-cell-event">Event</span>
        <span className="stream-cell-id">Id</span>
        <span className="stream-cell-data">Data</span>
        <span className="stream-cell-time">Time</span>
      </div>
      <div
        className="stream-scroll"
        ref={scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollTop + element.clientHeight >= element.scrollHeight - ROW_HEIGHT;
        }}
      >
        <ol className="stream-list" aria-label="Events" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const event = events[row.index] as StreamEvent;
            return (
              <li key={row.index} className="stream-item" style={{ transform: `translateY(${row.start}px)` }}>
                <button
                  type="button"
                  className={row.index === picked ? 'stream-row stream-row-picked' : 'stream-row'}
                  aria-pressed={row.index === picked}
                  data-testid="stream-row"
                  onClick={() => setPicked(row.index === picked ? null : row.index)}
                >
                  <span className="stream-cell-index">{row.index + 1}</span>
                  <span className="stream-cell-event">{event.event ?? 'message'}</span>
                  <span className="stream-cell-id">{event.id ?? ''}</span>
                  <span className="stream-cell-data mono">{event.data}</span>
                  <span className="stream-cell-time">{untimed ? '—' : formatDuration(event.ms)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </div>
      {chosen !== undefined && picked !== null && <EventDetail event={chosen} index={picked} untimed={untimed} />}
    </div>
  );
}

function EventDetail({ event, index, untimed }: { event: StreamEvent; index: number; untimed: boolean }) {
  const pretty = useMemo(() => {
    const json = eventJson(event);
    return json === undefined ? event.data : JSON.stringify(json, null, 2);
  }, [event]);
  return (
    <section className="stream-detail" aria-label={`Event ${index + 1}`}>
      <p className="stream-detail-meta">
        <strong>Event {index + 1}</strong> <span>{event.event ?? 'message'}</span>
        {event.id !== undefined && <span>id {event.id}</span>}
        {!untimed && <span>{formatDuration(event.ms)} after sending</span>}
      </p>
      <pre className="code-view stream-detail-data" data-testid="stream-detail">
        {pretty}
      </pre>
    </section>
  );
}
