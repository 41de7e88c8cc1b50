import type { KeyValue, StreamEvent, StreamKind } from '@client/core';
import { useRef, useState } from 'react';
import { useAppEvent } from './app-events.js';

/** The raw text a live view keeps: the events themselves are kept whole (the app caps them). */
const RAW_CHARACTERS = 8 * 1024 * 1024;

export interface LiveStream {
  kind: StreamKind | 'chunks';
  status: number;
  statusText: string;
  headers: KeyValue[];
  /** Grows in place as events arrive; `count` says how many there are at this render. */
  events: StreamEvent[];
  count: number;
  raw: string;
}

/**
 * The stream a Send in progress is receiving, as the app tells it (`send-stream` events for `requestId`): null
 * until its status arrives. Events are appended in place and drawn at most once a frame, so a stream arriving at
 * full speed costs one render a frame, not one an event.
 */
export function useLiveStream(requestId: string): LiveStream | null {
  const stream = useRef<LiveStream | null>(null);
  const raw = useRef<string[]>([]);
  const rawLength = useRef(0);
  const scheduled = useRef(false);
  const [shown, setShown] = useState<LiveStream | null>(null);

  const draw = () => {
    if (scheduled.current) return;
    scheduled.current = true;
    requestAnimationFrame(() => {
      scheduled.current = false;
      const current = stream.current;
      if (current === null) return;
      current.raw = raw.current.join('');
      raw.current = [current.raw];
      setShown({ ...current, count: current.events.length });
    });
  };

  useAppEvent((event) => {
    if (event.type !== 'send-stream' || event.requestId !== requestId) return;
    const { update } = event;
    if (update.type === 'head') {
      const { type: _type, ...head } = update;
      stream.current = { ...head, events: [], count: 0, raw: '' };
    } else if (stream.current !== null) {
      stream.current.events.push(...update.events);
      if (rawLength.current < RAW_CHARACTERS) {
        raw.current.push(update.raw);
        rawLength.current += update.raw.length;
      }
    }
    draw();
  });
  return shown;
}
