import type { SendResult, StreamCapture } from '@client/core';
import type { ReactNode } from 'react';
import { useLiveStream } from '../hooks/use-live-stream.js';
import { statusTone } from '../lib/status-text.js';
import { Icon } from './icons.js';
import { ResponseBody } from './response-body.js';
import { StreamView } from './stream-view.js';

interface LiveStreamPanelProps {
  requestId: string;
  onStop: () => void;
  /** What shows until a stream's status arrives (or for an answer that is not a stream). */
  waiting: ReactNode;
  elapsed: ReactNode;
}

/** A Send whose answer is a stream: its events as they arrive, and Stop, which closes the connection. */
export function LiveStreamPanel({ requestId, onStop, waiting, elapsed }: LiveStreamPanelProps) {
  const stream = useLiveStream(requestId);
  if (stream === null) return waiting;
  return (
    <>
      <div className="response-meta">
        <span className={`status-pill ${statusTone(stream.status)}`} data-testid="response-status">
          {stream.status} {stream.statusText}
        </span>
        <span className="meta-item stream-live">
          <span className="stream-live-dot" aria-hidden="true" /> Receiving… {elapsed}
        </span>
        <button type="button" className="button button-small stream-stop" onClick={onStop}>
          <Icon name="stop" size={12} /> Stop
        </button>
      </div>
      <StreamView kind={stream.kind} events={stream.events} count={stream.count} raw={stream.raw} live />
    </>
  );
}

function notesOf(stream: StreamCapture, historyCut: boolean): string[] {
  const notes: string[] = [];
  if (stream.stopped === 'stop') notes.push('Stopped: the connection was closed before the server ended the stream.');
  if (stream.cut) {
    notes.push(
      `The stream sent ${stream.total.toLocaleString('en-US')} events; the first ${stream.events.length.toLocaleString('en-US')} are shown.`,
    );
  }
  if (historyCut) notes.push('History kept the first part of this stream; the events after it are not here.');
  return notes;
}

/** A finished stream's body: its events, its text, or the body exactly as it arrived. */
export function StreamBody({ result, stream }: { result: SendResult; stream: StreamCapture }) {
  return (
    <StreamView
      kind={stream.kind}
      events={stream.events}
      count={stream.events.length}
      raw={result.body ?? ''}
      rawView={<ResponseBody result={result} />}
      live={false}
      untimed={stream.untimed === true}
      notes={notesOf(stream, stream.untimed === true && result.truncated)}
    />
  );
}
