import type { StreamEvent, StreamKind } from '@client/core';
import { type ReactNode, useMemo, useState } from 'react';
import { accumulatedText } from '../lib/stream-text.js';
import { CodeLines } from './code-lines.js';
import { SegmentedChoice } from './segmented-choice.js';
import { StreamEventList } from './stream-event-list.js';

type View = 'events' | 'text' | 'raw';

/** What one row of each kind of stream is, one and many. */
const UNITS: Record<StreamViewProps['kind'], [string, string]> = {
  sse: ['event', 'events'],
  ndjson: ['line', 'lines'],
  chunks: ['chunk', 'chunks'],
};

export interface StreamViewProps {
  /** `chunks`: a slow body sent without a length, shown chunk by chunk while it arrives. */
  kind: StreamKind | 'chunks';
  events: readonly StreamEvent[];
  /** How many of `events` there are at this render (a live list grows in place). */
  count: number;
  /** The body's text as it arrived. */
  raw: string;
  /** What the Raw view shows instead of `raw` drawn as lines: a finished body's own view, searchable and saved. */
  rawView?: ReactNode;
  live: boolean;
  untimed?: boolean;
  /** What to say about a stream cut, stopped or partly kept. */
  notes?: string[];
}

/** A streamed answer: its events as a list, the text a language model wrote with them, or the raw body. */
export function StreamView(props: StreamViewProps) {
  const { kind, events, count, raw, rawView, live, untimed = false, notes = [] } = props;
  const [view, setView] = useState<View>('events');
  // A stream that writes text says so in its first events; the text itself is joined only while it is shown.
  const writesText = useMemo(() => accumulatedText(events.slice(0, Math.min(count, 50))) !== null, [events, count]);
  const shown = view === 'text' && !writesText ? 'events' : view;
  const text = useMemo(
    () => (shown === 'text' ? accumulatedText(events.slice(0, count)) : null),
    [shown, events, count],
  );
  const views: { id: View; label: string }[] = [
    { id: 'events', label: 'Events' },
    ...(writesText ? [{ id: 'text' as const, label: 'Text' }] : []),
    { id: 'raw', label: 'Raw' },
  ];
  return (
    <div className="response-body stream-view">
      <div className="body-toolbar">
        <SegmentedChoice label="Stream view" options={views} value={shown} onChange={setView} />
        <span className="muted" data-testid="stream-count" aria-live={live ? 'off' : 'polite'}>
          {count.toLocaleString('en-US')} {UNITS[kind][count === 1 ? 0 : 1]}
          {live ? ' so far' : ''}
        </span>
      </div>
      {notes.map((note) => (
        <p key={note} className="stream-note">
          {note}
        </p>
      ))}
      {shown === 'events' ? (
        <StreamEventList events={events} count={count} live={live} untimed={untimed} />
      ) : shown === 'text' ? (
        <pre className="code-view stream-text" data-testid="stream-text">
          {text}
        </pre>
      ) : (
        (rawView ?? <CodeLines text={raw} language="text" search="" activeLine={null} />)
      )}
    </div>
  );
}
