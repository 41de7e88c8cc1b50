import type { WebSocketFrame } from '@client/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { framePreview, frameSize, frameText, frameTime, matchingFrames } from '../lib/websocket-frames.js';
import { Icon } from './icons.js';

const ROW_HEIGHT = 28;

interface WebSocketTimelineProps {
  frames: readonly WebSocketFrame[];
  /** Messages the app let go before the first one here. */
  dropped: number;
  onClear: () => void;
}

/**
 * The messages sent and received, oldest first, as a virtual list that stays fast at tens of thousands: each with
 * its time since the connection opened, its direction and size; search narrows the list, and the chosen message is
 * shown whole below, JSON laid out.
 */
export function WebSocketTimeline({ frames, dropped, onClear }: WebSocketTimelineProps) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [pretty, setPretty] = useState(true);
  const shown = useMemo(() => matchingFrames(frames, query), [frames, query]);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  // New messages scroll into view while the list is at its end; a person reading further up stays put.
  useEffect(() => {
    if (following.current && shown.length > 0) virtualizer.scrollToIndex(shown.length - 1, { align: 'end' });
  }, [shown.length, virtualizer]);
  const selected = chosen === null ? undefined : frames.find((frame) => frame.seq === chosen);
  const detail = selected === undefined ? null : frameText(selected, pretty);

  return (
    <section className="ws-timeline" aria-label="Messages">
      <div className="ws-timeline-bar">
        <h3 className="section-title">
          Messages <span className="muted" data-testid="ws-count">{`${frames.length}`}</span>
        </h3>
        <input
          className="input ws-search"
          type="search"
          aria-label="Search messages"
          placeholder="Search messages"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={onClear}
          disabled={frames.length === 0}
        >
          Clear
        </button>
      </div>
      {dropped > 0 && <p className="muted ws-dropped">{`${dropped} earlier messages are no longer held.`}</p>}
      {shown.length === 0 ? (
        <p className="muted ws-empty">
          {frames.length === 0 ? 'No messages yet. Connect, then send one.' : 'No message matches the search.'}
        </p>
      ) : (
        <div
          className="ws-timeline-scroll"
          ref={scroller}
          onScroll={(event) => {
            const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
            following.current = scrollHeight - scrollTop - clientHeight < ROW_HEIGHT * 2;
          }}
        >
          <ol className="ws-timeline-list" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const frame = shown[row.index] as WebSocketFrame;
              const sent = frame.direction === 'sent';
              return (
                <li
                  key={frame.seq}
                  className={chosen === frame.seq ? 'ws-row ws-row-chosen' : 'ws-row'}
                  style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
                >
                  <button
                    type="button"
                    className="ws-row-button"
                    aria-pressed={chosen === frame.seq}
                    onClick={() => setChosen(chosen === frame.seq ? null : frame.seq)}
                  >
                    <span className={sent ? 'ws-dir ws-dir-sent' : 'ws-dir ws-dir-received'}>
                      <Icon name={sent ? 'arrow-up' : 'arrow-down'} size={12} />
                      <span className="visually-hidden">{sent ? 'Sent' : 'Received'}</span>
                    </span>
                    <span className="ws-time">{frameTime(frame.ms)}</span>
                    <span className="ws-preview">{framePreview(frame)}</span>
                    <span className="ws-size">
                      {frame.format === 'binary' ? `binary · ${frameSize(frame.size)}` : frameSize(frame.size)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      )}
      {selected !== undefined && detail !== null && (
        <div className="ws-detail">
          <div className="ws-detail-bar">
            <span className="muted">{`${selected.direction === 'sent' ? 'Sent' : 'Received'} ${frameTime(selected.ms)} · ${frameSize(selected.size)}`}</span>
            <div className="toolbar-spacer" />
            <label>
              <input type="checkbox" checked={pretty} onChange={(event) => setPretty(event.target.checked)} /> Pretty
              JSON
            </label>
            <button type="button" className="icon-button" aria-label="Close message" onClick={() => setChosen(null)}>
              <Icon name="x" size={14} />
            </button>
          </div>
          <section
            className="ws-detail-text"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
            tabIndex={0}
            aria-label="Message"
          >
            <pre data-testid="ws-detail">{detail.text}</pre>
          </section>
        </div>
      )}
    </section>
  );
}
