import type { StreamEvent } from '@client/core';

/** The JSON an event's data holds, or undefined when it is not JSON. */
export function eventJson(event: StreamEvent): unknown {
  const data = event.data.trimStart();
  if (!data.startsWith('{') && !data.startsWith('[')) return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

function field(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/**
 * The text a language model's stream writes, piece by piece: OpenAI-style chat completions'
 * `choices[0].delta.content` (and the Responses API's `output_text.delta`), Anthropic's `content_block_delta`
 * `delta.text`. Null when no event carries such a piece, so the view is offered only for such streams.
 */
export function accumulatedText(events: readonly StreamEvent[]): string | null {
  let text = '';
  let found = false;
  for (const event of events) {
    const json = eventJson(event);
    if (json === undefined) continue;
    const piece =
      field(json, 'choices', 0, 'delta', 'content') ??
      (field(json, 'type') === 'content_block_delta' ? field(json, 'delta', 'text') : undefined) ??
      (field(json, 'type') === 'response.output_text.delta' ? field(json, 'delta') : undefined);
    if (typeof piece !== 'string') continue;
    text += piece;
    found = true;
  }
  return found ? text : null;
}
