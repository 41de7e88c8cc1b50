import type { StreamEvent } from '@client/core';

/** An event as rows and scripts read it: its data parsed when it is JSON, else the text as sent. */
export interface EventView {
  id?: string;
  event?: string;
  data: unknown;
  ms: number;
}

function parsedData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/** A streamed answer's events as rows (`events $[0].data.id`) and scripts (`pm.response.events`) read them. */
export function eventsView(events: readonly StreamEvent[]): EventView[] {
  return events.map((event) => ({ ...event, data: parsedData(event.data) }));
}
